import { useState, type KeyboardEvent } from 'react';
import { closureError, formatDay, isDate, newKey, NOTE_MAX, type ClosureDraft } from '../lib/store-settings';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** Today in the browser's calendar as YYYY-MM-DD (the earliest date worth offering). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole days without orders (holidays): add a date with a note, remove one. Saved with the page. */
export function ClosuresEditor({
  closures,
  errors,
  onChange,
}: {
  closures: readonly ClosureDraft[];
  errors: Record<string, string>;
  onChange: (closures: ClosureDraft[], touched: string[]) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const sorted = [...closures].sort((a, b) => a.date.localeCompare(b.date));

  const add = () => {
    if (!isDate(date)) {
      setAddError(t('settings.errors.date'));
      return;
    }
    if (closures.some((closure) => closure.date === date)) {
      setAddError(t('settings.errors.duplicate_date'));
      return;
    }
    if (note.trim().length > NOTE_MAX) {
      setAddError(t('errors.too_long'));
      return;
    }
    setAddError(undefined);
    onChange([...closures, { key: newKey('closure'), date, note: note.trim() }], ['closures']);
    setDate('');
    setNote('');
  };

  // Enter in the add fields adds the closure instead of saving the whole page.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="admin-closures">
      {errors.closures && (
        <p className="admin-message admin-message--error" role="alert">
          {errors.closures}
        </p>
      )}
      {sorted.length === 0 ? (
        <p className="admin-list__empty">{t('settings.closures.empty')}</p>
      ) : (
        <ul className="admin-closures__list">
          {sorted.map((closure) => {
            const error = errors[closureError(closure.key)];
            const day = formatDay(closure.date, i18n.language);
            return (
              <li key={closure.key} className="admin-closures__item">
                <span className="admin-closures__date">
                  <time dateTime={closure.date}>{day}</time>
                </span>
                <span className="admin-closures__note">{closure.note}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('settings.closures.remove_named', { date: day })}
                  onClick={() => onChange(closures.filter((item) => item.key !== closure.key), [closureError(closure.key), 'closures'])}
                >
                  {t('settings.closures.remove')}
                </button>
                {error && (
                  <span className="admin-field__error admin-closures__error" role="alert">
                    {error}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="admin-closures__add">
        <div className="admin-field">
          <label htmlFor="closure-date" className="admin-field__label">
            {t('settings.closures.date')}
          </label>
          <input
            id="closure-date"
            type="date"
            className="admin-input"
            value={date}
            min={today()}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? 'closure-date-error' : undefined}
            onInput={(event) => {
              setDate(event.currentTarget.value);
              setAddError(undefined);
            }}
            onKeyDown={onKeyDown}
          />
          {addError && (
            <span id="closure-date-error" className="admin-field__error" role="alert">
              {addError}
            </span>
          )}
        </div>
        <div className="admin-field admin-closures__note-field">
          <label htmlFor="closure-note" className="admin-field__label">
            {t('settings.closures.note')}
          </label>
          <input
            id="closure-note"
            type="text"
            className="admin-input"
            value={note}
            maxLength={NOTE_MAX}
            placeholder={t('settings.closures.note_placeholder')}
            onInput={(event) => setNote(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button type="button" className="button button--ghost admin-closures__add-button" onClick={add}>
          {t('settings.closures.add')}
        </button>
      </div>
    </div>
  );
}
