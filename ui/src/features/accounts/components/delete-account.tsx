import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { deleteAccount } from '../api/accounts-api';
import { describeFailure } from '../lib/field-errors';

/**
 * "Delete account": what goes and what stays, and a dialog that asks for the password.
 * Once the server has deleted the account, `onDeleted` signs out (spec §4: logout
 * empties session and cart and reloads to the home page).
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="delete-account" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="delete-account__title">
        {t('my_account.delete.title')}
      </h2>
      <p>{t('my_account.delete.explanation')}</p>
      <button type="button" className="button" data-testid="delete-account" onClick={() => setOpen(true)}>
        {t('my_account.delete.button')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('my_account.delete.confirm_title')} size="sm">
        {open && <ConfirmDeletion onCancel={() => setOpen(false)} onDeleted={onDeleted} />}
      </Modal>
    </section>
  );
}

function ConfirmDeletion({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    setPasswordError(undefined);
    if (password === '') {
      setPasswordError(t('account.errors.required'));
      return;
    }
    setSubmitting(true);
    try {
      await deleteAccount(password);
      onDeleted();
      return;
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'wrong_password') {
        setPasswordError(errorText(failure, t));
      } else {
        const described = describeFailure(t, failure);
        setPasswordError(described.fieldErrors.password);
        setMessage(described.message);
      }
    }
    setSubmitting(false);
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('my_account.delete.confirm_text')}</p>
      <TextField
        label={t('account.fields.password')}
        type="password"
        autoComplete="current-password"
        data-autofocus
        value={password}
        onValueChange={setPassword}
        error={passwordError}
        markRequired
      />
      <FormMessage error={message} />
      <div className="delete-account__actions">
        <button type="submit" className="button" data-testid="delete-account-confirm" disabled={submitting}>
          {submitting ? t('my_account.delete.deleting') : t('my_account.delete.confirm')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={submitting}>
          {t('my_account.delete.cancel')}
        </button>
      </div>
    </form>
  );
}
