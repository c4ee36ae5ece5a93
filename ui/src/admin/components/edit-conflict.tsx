import { useState } from 'react';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * Says that someone else changed the record meanwhile, so nothing was saved, with the
 * button that loads the current state. Until it is pressed the form keeps what the
 * admin typed. `onReload` answers whether the current state could be loaded.
 */
export function EditConflictNotice({ text, onReload }: { text: string; onReload: () => Promise<boolean> }) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const reload = async () => {
    setBusy(true);
    setFailed(false);
    const loaded = await onReload();
    setBusy(false);
    setFailed(!loaded);
  };

  return (
    <div className="admin-message admin-message--error admin-conflict" role="alert" data-testid="edit-conflict">
      <p>{text}</p>
      {failed && <p>{t('conflict.reload_failed')}</p>}
      <button type="button" className="button button--small" disabled={busy} onClick={() => void reload()}>
        {busy ? t('conflict.reloading') : t('conflict.reload')}
      </button>
    </div>
  );
}
