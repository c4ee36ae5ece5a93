import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { changePassword } from '../api/accounts-api';
import { describeFailure, type FieldErrors } from '../lib/field-errors';

type Field = 'current_password' | 'new_password';

const EMPTY: Record<Field, string> = { current_password: '', new_password: '' };

/**
 * "Change password": the current password and a new one, under the register form's
 * rules. The server ends every other session and answers a new login, which is
 * stored the way a login is, so this tab stays signed in.
 */
export function ChangePassword() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setSuccess(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    setSuccess(undefined);
    const missing: FieldErrors = {};
    for (const field of ['current_password', 'new_password'] as const) {
      if (values[field] === '') missing[field] = t('account.errors.required');
    }
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSubmitting(true);
    try {
      const payload = await changePassword(values.current_password, values.new_password);
      if (payload.access_token) {
        login(payload);
        setValues(EMPTY);
        setSuccess(t('my_account.password.changed'));
      } else {
        // Not an answer this server gives: the password changed, but no new session came with it.
        console.error('Password change answered without access_token', payload);
        setMessage(t('account.errors.generic'));
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'wrong_password') {
        setFieldErrors({ current_password: errorText(failure, t) });
      } else {
        const described = describeFailure(t, failure);
        setFieldErrors(described.fieldErrors);
        setMessage(described.message);
      }
    }
    setSubmitting(false);
  };

  return (
    <section className="my-account__section" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="my-account__title">
        {t('my_account.password.title')}
      </h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('my_account.password.current')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          maxLength={128}
          markRequired
          value={values.current_password}
          onValueChange={set('current_password')}
          error={fieldErrors.current_password}
        />
        <TextField
          label={t('my_account.password.new')}
          type="password"
          name="new_password"
          autoComplete="new-password"
          maxLength={128}
          markRequired
          hint={t('register.password_hint')}
          value={values.new_password}
          onValueChange={set('new_password')}
          error={fieldErrors.new_password}
        />
        <FormMessage error={message} success={success} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('my_account.password.submitting') : t('my_account.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
