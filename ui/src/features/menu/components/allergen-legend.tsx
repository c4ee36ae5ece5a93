import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/localized';
import type { Allergen } from '../../../lib/menu-api';

/** Names of the allergen and additive codes used on the menu (tooltips do not work on touch screens). */
export function AllergenLegend({ allergens }: { allergens: readonly Allergen[] }) {
  const { t, i18n } = useTranslation();
  if (allergens.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <details className="allergen-legend">
      <summary>{t('allergens.legend')}</summary>
      <dl className="allergen-legend__list">
        {allergens.map((allergen) => (
          <div key={allergen.code} className="allergen-legend__item">
            <dt className="allergen-code">{allergen.code}</dt>
            <dd>{localized(allergen.name, allergen.name_en, language)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
