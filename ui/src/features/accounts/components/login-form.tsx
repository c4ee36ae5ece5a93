import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormMessage, TextField } from '../../../components/form';
import { appUrl, requestLogin, useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { ERRORS_NAMESPACE } from '../../../lib/i18n';

/** Loads a page under the base path afresh, so everything starts with the new session. */
export function reloadTo(path: string): void {
  window.location.assign(appUrl(path));
}

export interface LoginFormProps {
  /** Page (under the base path) to load after a successful login; '' is the home page. */
  redirectTo?: string;
  /** How to get there; the default reloads the page. */
  onLoggedIn?: (path: string) => void;
  /** Called when one of the links is followed (the modal closes). */
  onLinkClick?: () => void;
  /** Focus the e-mail field when shown in a modal. */
  autoFocus?: boolean;
}

/** The message for a failed login (spec §8): too many attempts, wrong credentials, or what else the server says. */
function failureMessage(error: unknown, t: TFunction): string {
  return errorText(error, t, t('login.error'));
}

/**
 * E-mail and password, no client-side format checks (spec §5). While the call
 * runs the button reads 'Logging in...' and is disabled; on success the payload
 * becomes the session and the target page is loaded.
 */
export function LoginForm({ redirectTo = '', onLoggedIn = reloadTo, onLinkClick, autoFocus = false }: LoginFormProps) {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const payload = await requestLogin(email.trim(), password);
      if (payload.access_token) {
        login(payload);
        onLoggedIn(redirectTo);
        return;
      }
      // Not an answer this server gives; its `message` would be English, so it is only logged.
      console.error('Login answer without access_token', payload);
      setError(t('invalid_credentials', { ns: ERRORS_NAMESPACE }));
    } catch (failure) {
      console.error('Login failed', failure);
      setError(failureMessage(failure, t));
    }
    setSubmitting(false);
  };

  return (
    <form className="form login-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="login-form__guest">
        <Link to="/guest-login" className="button button--ghost login-form__guest-link" onClick={onLinkClick}>
          {t('login.guest')}
        </Link>
      </p>
      <p className="login-form__divider">
        <span>{t('login.or_account')}</span>
      </p>
      <TextField
        label={t('login.email')}
        type="email"
        name="username"
        inputMode="email"
        autoComplete="username"
        value={email}
        onValueChange={setEmail}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
      <TextField
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <FormMessage error={error} />
      <button type="submit" className="button login-form__submit" disabled={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
      <ul className="form-links">
        <li>
          <Link to="/forgot-password" onClick={onLinkClick}>
            {t('login.forgot_password')}
          </Link>
        </li>
        <li>
          {t('login.no_account')}{' '}
          <Link to="/register" onClick={onLinkClick}>
            {t('login.register')}
          </Link>
        </li>
      </ul>
    </form>
  );
}
