import { TERMS_FIELDS, TERMS_MAX, type SettingsDraft, type SettingsErrors, type TermsField } from '../lib/store-settings';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { Card, TextInput } from './fields';

/**
 * The store settings' terms (AGB) and withdrawal information, German and English, saved
 * with the rest of the form. A text the server's record lacks (an older server) is not
 * offered, so saving leaves it as it is.
 */
export function TermsTextsCard({
  draft,
  errors,
  onChange,
}: {
  draft: SettingsDraft;
  errors: SettingsErrors;
  onChange: (change: Partial<SettingsDraft>, touched: readonly TermsField[]) => void;
}) {
  const { t } = useAdminTranslation();
  if (TERMS_FIELDS.every((name) => draft[name] === undefined)) return null;
  return (
    <Card title={t('settings.terms.title')}>
      <p className="admin-card__intro">{t('settings.terms.intro')}</p>
      <div className="admin-form__grid">
        {TERMS_FIELDS.map((name) => {
          const value = draft[name];
          if (value === undefined) return null;
          return (
            <TextInput
              key={name}
              id={`settings-${name}`}
              label={t(`settings.terms.${name}`)}
              hint={name.endsWith('_en') ? t('settings.contact.english_hint') : undefined}
              multiline
              maxLength={TERMS_MAX}
              value={value}
              error={errors[name]}
              onChange={(text) => onChange({ [name]: text }, [name])}
            />
          );
        })}
      </div>
    </Card>
  );
}
