import { useTranslation } from 'react-i18next';
import './age-notice.css';

/** "Abgabe nur an Personen ab 16 Jahren" on a product with a minimum age; nothing otherwise. */
export function AgeNotice({ age }: { age: number | null | undefined }) {
  const { t } = useTranslation();
  if (age !== 16 && age !== 18) return null;
  return (
    <p className="age-notice" data-testid="age-notice">
      <span className="age-notice__badge" aria-hidden="true">
        {age}+
      </span>
      {t('menu.age_notice', { age })}
    </p>
  );
}
