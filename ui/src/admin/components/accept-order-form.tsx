import { useState, type FormEvent } from 'react';
import { serverNow } from '../lib/server-clock';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { TextInput } from './fields';

/** The estimated minutes offered as one-tap buttons. */
export const QUICK_MINUTES = [10, 20, 30, 45, 60] as const;
export const MIN_MINUTES = 5;
export const MAX_MINUTES = 240;

/** Whole minutes from 5 to 240, else null. */
export function parseMinutes(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const minutes = Number(text);
  return minutes >= MIN_MINUTES && minutes <= MAX_MINUTES ? minutes : null;
}

/**
 * The minutes from `now` until a pre-order's time, kept within what the server takes:
 * accepted with these, the order is ready at its time (or as soon as it can be).
 */
export function minutesUntil(slot: string, now: number): number {
  const minutes = Math.round((Date.parse(slot) - now) / 60_000);
  if (Number.isNaN(minutes)) return MIN_MINUTES;
  return Math.min(MAX_MINUTES, Math.max(MIN_MINUTES, minutes));
}

/** A pre-order's time: when it is due (UTC) and how the board shows it. */
export interface PreorderSlot {
  at: string;
  label: string;
}

/**
 * Accept with the time until the order is ready: quick buttons or any number of
 * minutes; a pre-order is accepted for its time with one button.
 */
export function AcceptOrderForm({
  orderId,
  number,
  busy,
  slot,
  onAccept,
}: {
  orderId: number;
  number: number;
  busy: boolean;
  /** Set for a pre-order. */
  slot: PreorderSlot | null;
  onAccept: (minutes: number) => void;
}) {
  if (slot !== null) return <AcceptPreorder number={number} busy={busy} slot={slot} onAccept={onAccept} />;
  return <AcceptWithMinutes orderId={orderId} number={number} busy={busy} onAccept={onAccept} />;
}

function AcceptPreorder({
  number,
  busy,
  slot,
  onAccept,
}: {
  number: number;
  busy: boolean;
  slot: PreorderSlot;
  onAccept: (minutes: number) => void;
}) {
  const { t } = useAdminTranslation();
  return (
    <div className="admin-order-accept">
      <button
        type="button"
        className="button button--small"
        data-testid="accept-preorder"
        aria-label={t('orders.actions.accept_preorder_named', { number, time: slot.label })}
        disabled={busy}
        onClick={() => onAccept(minutesUntil(slot.at, serverNow()))}
      >
        {t('orders.actions.accept_preorder', { time: slot.label })}
      </button>
    </div>
  );
}

function AcceptWithMinutes({
  orderId,
  number,
  busy,
  onAccept,
}: {
  orderId: number;
  number: number;
  busy: boolean;
  onAccept: (minutes: number) => void;
}) {
  const { t } = useAdminTranslation();
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | undefined>();
  const labelId = `accept-label-${orderId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = parseMinutes(custom);
    if (minutes === null) {
      setError(t('orders.actions.minutes_error'));
      return;
    }
    setError(undefined);
    onAccept(minutes);
  };

  return (
    <div className="admin-order-accept">
      <p id={labelId} className="admin-order-actions__label">
        {t('orders.actions.accept_label')}
      </p>
      <div className="admin-order-accept__quick" role="group" aria-labelledby={labelId}>
        {QUICK_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="button button--small"
            data-testid={`accept-${minutes}`}
            aria-label={t('orders.actions.accept_named', { number, minutes })}
            disabled={busy}
            onClick={() => onAccept(minutes)}
          >
            {t('orders.actions.minutes', { minutes })}
          </button>
        ))}
      </div>
      <form className="admin-order-accept__custom" noValidate onSubmit={submit}>
        <TextInput
          id={`accept-minutes-${orderId}`}
          label={t('orders.actions.custom_minutes')}
          hint={t('orders.actions.minutes_hint')}
          inputMode="numeric"
          maxLength={3}
          value={custom}
          error={error}
          onChange={(value) => {
            setCustom(value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button button--small" data-testid="accept-custom" disabled={busy}>
          {t('orders.actions.accept')}
        </button>
      </form>
    </div>
  );
}
