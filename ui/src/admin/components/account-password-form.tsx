import { useEffect, useState, type FormEvent } from 'react';
import { setAccountPassword, type RestaurantAccount } from '../api/accounts-api';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { FormMessage, TextInput } from './fields';

/**
 * Sets a new password for one account (PUT /admin/accounts/{id}/password), inline in
 * the accounts list; the account's open sessions end.
 */
export function AccountPasswordForm({
  account,
  onDone,
  onCancel,
}: {
  account: RestaurantAccount;
  onDone: (account: RestaurantAccount) => void;
  onCancel: () => void;
}) {
  const { t } = useAdminTranslation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);
  const inputId = `account-${account.id}-password`;

  useEffect(() => {
    document.getElementById(inputId)?.focus();
  }, [inputId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setErrors({ fields: { password: t('errors.required') } });
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      const saved = await setAccountPassword(account.id, password);
      onDone(saved);
    } catch (failure) {
      setErrors(errorsFromApi(failure, ['password'], t));
      setSubmitting(false);
    }
  };

  return (
    <form
      className="admin-form admin-account-password"
      noValidate
      aria-label={t('accounts.set_password_named', { name: account.name })}
      data-testid="account-password-form"
      onSubmit={(event) => void submit(event)}
    >
      <TextInput
        id={inputId}
        label={t('accounts.new_password', { name: account.name })}
        hint={t('accounts.password_hint')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.fields.password}
        onChange={(value) => {
          setPassword(value);
          setErrors(NO_ERRORS);
        }}
      />
      <FormMessage error={errors.general} />
      <div className="admin-form__actions">
        <button type="submit" className="button button--small" disabled={submitting}>
          {submitting ? t('form.saving') : t('accounts.save_password')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('form.cancel_edit')}
        </button>
      </div>
    </form>
  );
}
