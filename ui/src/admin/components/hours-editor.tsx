import { isOvernight, LABEL_MAX, newKey, slotError, WEEK_ORDER, type SlotDraft, type SlotPart } from '../lib/store-settings';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** What a new slot starts with: lunch for the first of a day, evening for a further one. */
const FIRST_SLOT = { open: '11:00', close: '14:00' };
const NEXT_SLOT = { open: '17:00', close: '22:00' };

/**
 * The opening hours by weekday (Monday first). Each day holds any number of slots;
 * a slot whose close is before its open is allowed and marked as running past midnight.
 */
export function HoursEditor({
  slots,
  errors,
  onChange,
}: {
  slots: readonly SlotDraft[];
  /** Translated messages by place (see SettingsErrors). */
  errors: Record<string, string>;
  onChange: (slots: SlotDraft[], touched: string[]) => void;
}) {
  const { t } = useAdminTranslation();

  const edit = (key: string, change: Partial<SlotDraft>, part: SlotPart) =>
    onChange(
      slots.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)),
      [slotError(key, part), slotError(key), ...(part === 'open' ? [slotError(key, 'close')] : [])],
    );

  const add = (day: number) => {
    const times = slots.some((slot) => slot.day === day) ? NEXT_SLOT : FIRST_SLOT;
    onChange([...slots, { key: newKey('slot'), day, label: '', label_en: '', ...times }], ['store_hours']);
  };

  const remove = (key: string) =>
    onChange(
      slots.filter((slot) => slot.key !== key),
      [
        slotError(key),
        slotError(key, 'open'),
        slotError(key, 'close'),
        slotError(key, 'label'),
        slotError(key, 'label_en'),
        'store_hours',
      ],
    );

  return (
    <div className="admin-hours">
      <p id="hours-label_en-hint" className="admin-card__intro">
        {t('settings.hours.label_en_hint')}
      </p>
      {errors.store_hours && (
        <p className="admin-message admin-message--error" role="alert">
          {errors.store_hours}
        </p>
      )}
      {WEEK_ORDER.map((day) => {
        const dayName = t(`settings.days.${day}`);
        const daySlots = slots.filter((slot) => slot.day === day);
        return (
          <fieldset key={day} className="admin-hours__day" id={`hours-${day}`}>
            <legend className="admin-hours__day-name">{dayName}</legend>
            <div className="admin-hours__slots">
              {daySlots.length === 0 && <p className="admin-hours__closed">{t('settings.hours.closed')}</p>}
              {daySlots.map((slot, index) => {
                const id = `hours-${day}-${index}`;
                const n = index + 1;
                const openError = errors[slotError(slot.key, 'open')];
                const closeError = errors[slotError(slot.key, 'close')];
                const labelError = errors[slotError(slot.key, 'label')];
                const labelEnError = errors[slotError(slot.key, 'label_en')];
                const rowError = errors[slotError(slot.key)];
                const overnight = isOvernight(slot.open, slot.close);
                const messages = [openError, closeError, labelError, labelEnError, rowError].filter(Boolean);
                return (
                  <div
                    key={slot.key}
                    className="admin-hours__slot"
                    role="group"
                    aria-label={t('settings.hours.slot_named', { day: dayName, n })}
                  >
                    <div className="admin-field">
                      <label htmlFor={`${id}-open`} className="admin-field__label">
                        {t('settings.hours.open')}
                      </label>
                      <input
                        id={`${id}-open`}
                        type="time"
                        className="admin-input"
                        value={slot.open}
                        required
                        aria-invalid={openError ? true : undefined}
                        aria-describedby={openError ? `${id}-errors` : undefined}
                        onInput={(event) => edit(slot.key, { open: event.currentTarget.value }, 'open')}
                      />
                    </div>
                    <div className="admin-field">
                      <label htmlFor={`${id}-close`} className="admin-field__label">
                        {t('settings.hours.close')}
                      </label>
                      <input
                        id={`${id}-close`}
                        type="time"
                        className="admin-input"
                        value={slot.close}
                        required
                        aria-invalid={closeError ? true : undefined}
                        aria-describedby={
                          [closeError ? `${id}-errors` : '', overnight ? `${id}-overnight` : ''].filter(Boolean).join(' ') ||
                          undefined
                        }
                        onInput={(event) => edit(slot.key, { close: event.currentTarget.value }, 'close')}
                      />
                    </div>
                    <div className="admin-field admin-hours__label">
                      <label htmlFor={`${id}-label`} className="admin-field__label">
                        {t('settings.hours.label')}
                      </label>
                      <input
                        id={`${id}-label`}
                        type="text"
                        className="admin-input"
                        value={slot.label}
                        maxLength={LABEL_MAX}
                        aria-invalid={labelError ? true : undefined}
                        aria-describedby={labelError ? `${id}-errors` : undefined}
                        onInput={(event) => edit(slot.key, { label: event.currentTarget.value }, 'label')}
                      />
                    </div>
                    <div className="admin-field admin-hours__label">
                      <label htmlFor={`${id}-label_en`} className="admin-field__label">
                        {t('settings.hours.label_en')}
                      </label>
                      <input
                        id={`${id}-label_en`}
                        type="text"
                        lang="en"
                        className="admin-input"
                        value={slot.label_en}
                        maxLength={LABEL_MAX}
                        aria-invalid={labelEnError ? true : undefined}
                        aria-describedby={[labelEnError ? `${id}-errors` : '', 'hours-label_en-hint'].filter(Boolean).join(' ')}
                        onInput={(event) => edit(slot.key, { label_en: event.currentTarget.value }, 'label_en')}
                      />
                    </div>
                    <button
                      type="button"
                      className="button button--ghost button--small admin-hours__remove"
                      aria-label={t('settings.hours.remove_named', { day: dayName, n })}
                      onClick={() => remove(slot.key)}
                    >
                      {t('settings.hours.remove')}
                    </button>
                    {overnight && (
                      <span id={`${id}-overnight`} className="admin-hours__overnight">
                        <span aria-hidden="true">☾ </span>
                        {t('settings.hours.overnight')}
                      </span>
                    )}
                    {messages.length > 0 && (
                      <span id={`${id}-errors`} className="admin-field__error admin-hours__error" role="alert">
                        {messages.join(' ')}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
            <button
              type="button"
              className="button button--ghost button--small admin-hours__add"
              aria-label={t('settings.hours.add_named', { day: dayName })}
              onClick={() => add(day)}
            >
              + {t('settings.hours.add')}
            </button>
          </fieldset>
        );
      })}
    </div>
  );
}
