import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * The second step of a deletion, in place of the row's buttons: "Delete „name"?" with
 * Yes (disabled while `busy`) and No.
 */
export function ConfirmDelete({
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useAdminTranslation();
  const question = t('list.confirm_delete', { name });
  return (
    <span className="admin-confirm" role="group" aria-label={question}>
      <span className="admin-confirm__text">{question}</span>
      <button type="button" className="button button--danger button--small" disabled={busy} onClick={onConfirm}>
        {t('list.confirm_yes')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={onCancel}>
        {t('list.confirm_no')}
      </button>
    </span>
  );
}
