import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormMessage, TextField } from '../../../components/form';
import { requestLogin, useAuth } from '../../../lib/auth';
import { registerCustomer, type RegisterInput } from '../api/accounts-api';
import { describeFailure, type FieldErrors } from '../lib/field-errors';
import { MAX_PHONE_LENGTH, cleanPhone } from '../../../lib/phone';

const EMPTY: RegisterInput = { name: '', email: '', password: '', phone: '' };

/** Stands for the privacy link inside the translated sentence. */
const LINK_MARK = '\u0000';

export interface RegisterFormProps {
  /** After the account exists and the login went through. */
  onRegistered: () => void;
}

/**
 * Name, e-mail, password and phone. The server checks the rules and names the
 * field at fault; the error is shown next to it. After registering, the same
 * credentials log the customer in.
 */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [values, setValues] = useState<RegisterInput>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [registeredOnly, setRegisteredOnly] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The sentence around the link, split where its {{link}} goes (the word order differs by language).
  const [privacyBefore = '', privacyAfter = ''] = t('register.privacy', { link: LINK_MARK }).split(LINK_MARK);

  const set = (field: keyof RegisterInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    setFieldErrors({});
    setSubmitting(true);
    const input = { ...values, name: values.name.trim(), email: values.email.trim() };
    try {
      await registerCustomer(input);
    } catch (failure) {
      const described = describeFailure(t, failure);
      setFieldErrors(described.fieldErrors);
      setMessage(described.message);
      setSubmitting(false);
      return;
    }
    try {
      const payload = await requestLogin(input.email, input.password);
      if (payload.access_token) {
        login(payload);
        onRegistered();
        return;
      }
      console.error('Login after registering returned no access_token', payload);
    } catch (failure) {
      console.error('Login after registering failed', failure);
    }
    // The account exists; only the automatic login failed.
    setRegisteredOnly(true);
    setSubmitting(false);
  };

  if (registeredOnly) {
    return (
      <div className="form">
        <FormMessage success={t('register.please_log_in')} />
        <p>
          <Link to="/login" className="button">
            {t('register.to_login')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('account.fields.name')}
        name="name"
        autoComplete="name"
        maxLength={100}
        markRequired
        value={values.name}
        onValueChange={set('name')}
        error={fieldErrors.name}
      />
      <TextField
        label={t('account.fields.email')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        markRequired
        value={values.email}
        onValueChange={set('email')}
        error={fieldErrors.email}
      />
      <TextField
        label={t('account.fields.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        maxLength={128}
        markRequired
        hint={t('register.password_hint')}
        value={values.password}
        onValueChange={set('password')}
        error={fieldErrors.password}
      />
      <TextField
        label={t('account.fields.phone')}
        type="tel"
        name="phone"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={MAX_PHONE_LENGTH}
        markRequired
        sanitize={cleanPhone}
        value={values.phone}
        onValueChange={set('phone')}
        error={fieldErrors.phone}
      />
      <FormMessage error={message} />
      {/* A new tab, so reading the policy keeps what was typed here. */}
      <p className="form-note" data-testid="register-privacy">
        {privacyBefore}
        <Link to="/privacypolicy" target="_blank" rel="noopener noreferrer">
          {t('register.privacy_link')}
          <span className="visually-hidden"> {t('register.privacy_new_tab')}</span>
        </Link>
        {privacyAfter}
      </p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('register.submitting') : t('register.submit')}
        </button>
      </div>
      <p className="form-links">
        <span>
          {t('register.have_account')} <Link to="/login">{t('register.to_login')}</Link>
        </span>
      </p>
    </form>
  );
}
