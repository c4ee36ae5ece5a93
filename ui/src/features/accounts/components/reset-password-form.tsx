import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormMessage, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-error';
import { ERRORS_NAMESPACE } from '../../../lib/i18n';
import { resetPassword } from '../api/accounts-api';
import { describeFailure, serverText } from '../lib/field-errors';

type State = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'invalid_token' };

/**
 * Sets a new password with the token from the e-mailed link (?token=). A link
 * without a token, or one the server no longer accepts, asks for a new link.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [state, setState] = useState<State>(token === '' ? { kind: 'invalid_token' } : { kind: 'form' });
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [repeatError, setRepeatError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    setPasswordError(undefined);
    setRepeatError(undefined);
    if (password === '') {
      setPasswordError(t('account.errors.required'));
      return;
    }
    if (password !== repeat) {
      setRepeatError(t('reset_password.mismatch'));
      return;
    }
    setSubmitting(true);
    try {
      const { detail } = await resetPassword(token, password);
      setState({ kind: 'done', message: serverText(t, 'reset_password.done', detail, language) });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'invalid_token') {
        setState({ kind: 'invalid_token' });
      } else {
        const described = describeFailure(t, failure);
        setPasswordError(described.fieldErrors.password);
        setMessage(described.message);
      }
    }
    setSubmitting(false);
  };

  if (state.kind === 'done') {
    return (
      <div className="form">
        <FormMessage success={state.message} />
        <p>
          <Link to="/login" className="button">
            {t('reset_password.to_login')}
          </Link>
        </p>
      </div>
    );
  }

  if (state.kind === 'invalid_token') {
    return (
      <div className="form">
        <FormMessage error={t('invalid_token', { ns: ERRORS_NAMESPACE })} />
        <p>
          <Link to="/forgot-password" className="button">
            {t('reset_password.request_new')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('reset_password.new_password')}
        type="password"
        name="password"
        autoComplete="new-password"
        maxLength={128}
        markRequired
        hint={t('register.password_hint')}
        value={password}
        onValueChange={setPassword}
        error={passwordError}
      />
      <TextField
        label={t('reset_password.repeat_password')}
        type="password"
        name="password_repeat"
        autoComplete="new-password"
        maxLength={128}
        markRequired
        value={repeat}
        onValueChange={setRepeat}
        error={repeatError}
      />
      <FormMessage error={message} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('reset_password.submitting') : t('reset_password.submit')}
        </button>
      </div>
    </form>
  );
}
