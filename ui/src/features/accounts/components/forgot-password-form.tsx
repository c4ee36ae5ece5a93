import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormMessage, TextField } from '../../../components/form';
import { requestPasswordReset } from '../api/accounts-api';
import { describeFailure, serverText } from '../lib/field-errors';

/**
 * Asks for a reset link. The answer is the same whether or not an account
 * exists, so it is shown as it comes.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const { detail } = await requestPasswordReset(email.trim());
      setAnswer(serverText(t, 'forgot_password.sent', detail, i18n.resolvedLanguage ?? 'de'));
    } catch (failure) {
      const described = describeFailure(t, failure);
      setError(described.fieldErrors.email ?? described.message);
    }
    setSubmitting(false);
  };

  if (answer) {
    return (
      <div className="form">
        <FormMessage success={answer} />
        <p>
          <Link to="/login">{t('forgot_password.back_to_login')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('forgot_password.intro')}</p>
      <TextField
        label={t('account.fields.email')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        markRequired
        value={email}
        onValueChange={setEmail}
      />
      <FormMessage error={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('forgot_password.submitting') : t('forgot_password.submit')}
        </button>
        <Link to="/login">{t('forgot_password.back_to_login')}</Link>
      </div>
    </form>
  );
}
