import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { requestLogin, useAuth } from '../../lib/auth';
import { isAdmin } from '../lib/roles';
import { errorText } from '../../lib/error-text';
import { ERRORS_NAMESPACE } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { FormMessage, TextInput } from '../components/fields';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** The open admin login at /admin. */
export function AdminLoginPage() {
  const { t } = useAdminTranslation();
  usePageTitle('Admin Login');
  const navigate = useNavigate();
  const { user, token, loading, login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (!loading && token !== null && isAdmin(user)) return <Navigate to="/admin/home" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const payload = await requestLogin(email.trim(), password);
      if (payload.access_token) {
        if (!isAdmin(payload.user ?? null)) {
          setError(t('login.not_admin'));
          setSubmitting(false);
          return;
        }
        login(payload);
        navigate('/admin/home', { replace: true });
        return;
      }
      // Not an answer this server gives; its `message` would be English, so it is only logged.
      console.error('Admin login answer without access_token', payload);
      setError(t('invalid_credentials', { ns: ERRORS_NAMESPACE }));
    } catch (failure) {
      console.error('Admin login failed', failure);
      setError(errorText(failure, t, t('login.error')));
    }
    setSubmitting(false);
  };

  return (
    <div className="admin-login">
      <form className="admin-card admin-login__card" onSubmit={(event) => void submit(event)}>
        <h1 className="admin-login__title">{t('login.title')}</h1>
        <p className="admin-login__intro">{t('login.intro')}</p>
        <TextInput
          id="admin-login-email"
          label={t('login.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
        />
        <TextInput
          id="admin-login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <FormMessage error={error} />
        <button type="submit" className="button admin-login__submit" disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </div>
  );
}
