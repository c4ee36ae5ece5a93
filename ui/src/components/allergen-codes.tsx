import { useTranslation } from 'react-i18next';
import { localized } from '../lib/localized';
import type { Allergen } from '../lib/menu-api';

/**
 * Allergen and additive codes as small chips. The full name is the chip's
 * tooltip and accessible name; the menu's legend lists them for touch screens.
 */
export function AllergenCodes({ allergens }: { allergens: readonly Allergen[] }) {
  const { t, i18n } = useTranslation();
  if (allergens.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <p className="allergen-codes">
      <span className="visually-hidden">{t('allergens.label')}: </span>
      {allergens.map((allergen, index) => {
        const name = localized(allergen.name, allergen.name_en, language);
        return (
          <abbr key={allergen.id} className="allergen-code" title={name}>
            {allergen.code}
            <span className="visually-hidden">
              {' '}
              ({name}){index < allergens.length - 1 ? ',' : ''}
            </span>
          </abbr>
        );
      })}
    </p>
  );
}
