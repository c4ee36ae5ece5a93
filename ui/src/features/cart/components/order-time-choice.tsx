import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import type { SocketLike } from '../../../lib/status-socket';
import { getPreorderSlots, type OrderType, type PreorderSlot, type PreorderSlots } from '../../../lib/store-api';
import { useCart, type OrderTime } from './cart-provider';
import { useLiveOrdering } from './use-live-ordering';

const IMMEDIATELY = 'immediately';

// The choice of a day, then a time: only when the store takes pre-orders for later days.
const OrderDayChoice = lazy(() => import('./order-day-choice'));

/** The closed reasons with a text of their own; any other reads as 'unknown'. */
const CLOSED_REASONS = ['paused', 'auto_paused', 'closure', 'outside_hours', 'clock_untrusted', 'not_ready'];

/** The order times on offer, as the server lists them and the live status corrects them. */
export type OrderTimeOffer =
  | { status: 'loading' }
  | {
      status: 'ready';
      /** An order for as soon as possible can be placed now. */
      immediately: boolean;
      /** Every offered time: today's and, with later days, theirs. */
      slots: PreorderSlot[];
      /** The server's answer: today's times and the times by day. */
      answer: PreorderSlots;
      /**
       * Why "as soon as possible" is not on offer (paused, auto_paused, closure,
       * outside_hours, clock_untrusted, not_ready or unknown); null while it is.
       */
      closedReason: string | null;
    };

/** Why no order can be placed for lack of an order time, or null once one is chosen. */
export type OrderTimeBlock =
  | { kind: 'loading' }
  /** Something is on offer, but nothing is chosen (e.g. after "as soon as possible" went away). */
  | { kind: 'choose' }
  /** Neither "as soon as possible" nor a pre-order slot is possible; `reason` as in OrderTimeOffer. */
  | { kind: 'none'; reason: string };

export interface OrderTimeOfferOptions {
  /** Stands in for the browser's WebSocket in tests. */
  createSocket?: (url: string) => SocketLike;
}

function valueOf(orderTime: OrderTime | null): string {
  if (orderTime === null) return '';
  return orderTime.kind === 'immediately' ? IMMEDIATELY : orderTime.startsAt;
}

/** The choice still offered by the latest offer, or null. */
function stillOffered(orderTime: OrderTime | null, offer: { immediately: boolean; slots: PreorderSlot[] }): OrderTime | null {
  if (orderTime === null) return null;
  if (orderTime.kind === 'immediately') return offer.immediately ? orderTime : null;
  return offer.slots.some((slot) => slot.starts_at === orderTime.startsAt) ? orderTime : null;
}

/** The reason key for the texts under order_time.closed. */
export function closedReasonKey(reason: string | null): string {
  return reason !== null && CLOSED_REASONS.includes(reason) ? reason : 'unknown';
}

/** What keeps the order from being placed for lack of a time; null when a time is chosen. */
export function orderTimeBlock(offer: OrderTimeOffer, orderTime: OrderTime | null): OrderTimeBlock | null {
  if (orderTime !== null) return null;
  if (offer.status === 'loading') return { kind: 'loading' };
  if (!offer.immediately && offer.slots.length === 0) return { kind: 'none', reason: offer.closedReason ?? 'unknown' };
  return { kind: 'choose' };
}

/**
 * The order times for the current order type while `open`: "as soon as possible"
 * while the store takes orders for now, and the pre-order slots. Asked again
 * whenever it opens, the order type changes, or the live status says the store
 * opened, closed, paused or resumed; a closing takes "as soon as possible" away at
 * once, before the new list arrives. A choice the offer no longer has is dropped
 * (the customer then picks a slot); with nothing chosen, "as soon as possible" is
 * taken whenever it is on offer.
 */
export function useOrderTimeOffer(open: boolean, { createSocket }: OrderTimeOfferOptions = {}): OrderTimeOffer {
  const { orderType } = useOrderSettings();
  const { orderTime, setOrderTime } = useCart();
  const live = useLiveOrdering(open, createSocket);
  const [answer, setAnswer] = useState<{ orderType: OrderType; data: PreorderSlots } | null>(null);

  useEffect(() => {
    if (!open) return;
    let active = true;
    getPreorderSlots(getRuntimeConfig().storeId, orderType).then(
      (data) => {
        if (active) setAnswer({ orderType, data });
      },
      // Logged by the API helper; without a list only "no slots" can be shown.
      () => {
        if (active) setAnswer({ orderType, data: { immediately: false, slots: [] } });
      },
    );
    return () => {
      active = false;
    };
  }, [open, orderType, live.key]);

  const current = answer !== null && answer.orderType === orderType ? answer.data : null;
  const immediately = current !== null && current.immediately && live.isOpen !== false;
  const closedReason = immediately ? null : (live.closedReason ?? current?.closed_reason ?? 'unknown');
  const slots = current?.days?.flatMap((day) => day.slots) ?? current?.slots;

  useEffect(() => {
    if (slots === undefined) return;
    const kept = stillOffered(orderTime, { immediately, slots });
    const next = kept ?? (immediately ? ({ kind: 'immediately' } as const) : null);
    if (valueOf(next) !== valueOf(orderTime)) setOrderTime(next);
  }, [immediately, slots, orderTime, setOrderTime]);

  if (slots === undefined || current === null) return { status: 'loading' };
  return { status: 'ready', immediately, slots, closedReason, answer: current };
}

/** The order time select for an offer, with the reason when "as soon as possible" is not possible. */
export function OrderTimeSelect({ offer }: { offer: OrderTimeOffer }) {
  const { t } = useTranslation();
  const { orderTime, setOrderTime } = useCart();
  const selectId = useId();
  const noteId = useId();

  if (offer.status === 'loading') {
    return <div className="order-time" aria-busy="true" />;
  }

  const choose = (value: string) => {
    if (value === IMMEDIATELY) {
      setOrderTime({ kind: 'immediately' });
      return;
    }
    const slot = offer.slots.find((entry) => entry.starts_at === value);
    setOrderTime(slot ? { kind: 'preorder', time: slot.time, startsAt: slot.starts_at } : null);
  };

  const nothingOffered = !offer.immediately && offer.slots.length === 0;
  const reason = t(`order_time.closed.${closedReasonKey(offer.closedReason)}`);

  if (offer.slots.length > offer.answer.slots.length) {
    return (
      <Suspense fallback={<div className="order-time" aria-busy="true" />}>
        <OrderDayChoice offer={offer} reason={reason} />
      </Suspense>
    );
  }

  return (
    <div className="order-time">
      {!nothingOffered && (
        <>
          <label htmlFor={selectId} className="order-time__label">
            {t('order_time.label')}
          </label>
          <select
            id={selectId}
            className="order-time__select"
            value={valueOf(orderTime)}
            aria-describedby={offer.immediately ? undefined : noteId}
            onChange={(event) => choose(event.currentTarget.value)}
          >
            {orderTime === null && (
              <option value="" disabled>
                {t('order_time.choose')}
              </option>
            )}
            <option value={IMMEDIATELY} disabled={!offer.immediately}>
              {offer.immediately ? t('order_time.immediately') : t('order_time.immediately_unavailable')}
            </option>
            {offer.slots.map((slot) => (
              <option key={slot.starts_at} value={slot.starts_at}>
                {t('order_time.preorder_at', { time: slot.time })}
              </option>
            ))}
          </select>
        </>
      )}
      <div role="status">
        {!offer.immediately && (
          <p id={noteId} className="order-time__unavailable" data-testid="asap-unavailable">
            {t('order_time.asap_unavailable', { reason })}
            {offer.slots.length > 0 && ` ${t('order_time.preorder_instead')}`}
          </p>
        )}
      </div>
      {offer.slots.length === 0 && (
        <p className="order-time__empty" data-testid="no-slots">
          {t('order_time.no_slots')}
        </p>
      )}
    </div>
  );
}

/**
 * Order time: "as soon as possible" while the store takes orders for now, or one of
 * the pre-order slots for the order type, following the live store status while open.
 */
export function OrderTimeChoice({ open, createSocket }: { open: boolean } & OrderTimeOfferOptions) {
  const offer = useOrderTimeOffer(open, { createSocket });
  return <OrderTimeSelect offer={offer} />;
}
