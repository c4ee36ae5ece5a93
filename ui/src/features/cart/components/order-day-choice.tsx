import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayName, deviceToday } from '../../../lib/order-day';
import type { PreorderDay } from '../../../lib/store-api';
import { preorderTime, useCart } from './cart-provider';
import type { OrderTimeOffer } from './order-time-choice';

const IMMEDIATELY = 'immediately';
const TODAY = 'today';

type ReadyOffer = Extract<OrderTimeOffer, { status: 'ready' }>;

/** Today's date as the answer names it (the day of today's first time), else the device's. */
function todayOf(offer: ReadyOffer): string {
  const first = offer.answer.slots[0];
  const day = first && offer.answer.days?.find((entry) => entry.slots.some((slot) => slot.starts_at === first.starts_at));
  return day?.date ?? deviceToday();
}

/** The later days with their times; a time offered today already (past midnight) stays with today. */
function laterDays(offer: ReadyOffer): PreorderDay[] {
  const today = new Set(offer.answer.slots.map((slot) => slot.starts_at));
  return (offer.answer.days ?? [])
    .map((day) => ({ date: day.date, slots: day.slots.filter((slot) => !today.has(slot.starts_at)) }))
    .filter((day) => day.slots.length > 0);
}

/**
 * The order time as a day, then a time of that day, when the store takes pre-orders
 * for later days: today ("as soon as possible" and today's times) and each later day
 * with times. Choosing a later day chooses its first time. `reason`: why "as soon as
 * possible" is not on offer.
 */
export default function OrderDayChoice({ offer, reason }: { offer: ReadyOffer; reason: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const { orderTime, setOrderTime } = useCart();
  const dayId = useId();
  const timeId = useId();
  const noteId = useId();
  const [picked, setPicked] = useState<string | null>(null);

  const today = todayOf(offer);
  const later = laterDays(offer);
  const todaySlots = offer.answer.slots;
  const todayOffered = offer.immediately || todaySlots.length > 0;
  const days = [...(todayOffered ? [{ date: TODAY, slots: todaySlots }] : []), ...later];
  const chosenDay =
    orderTime === null
      ? (picked ?? days[0]?.date ?? TODAY)
      : orderTime.kind === 'preorder' && orderTime.date !== undefined
        ? orderTime.date
        : TODAY;
  const slots = days.find((day) => day.date === chosenDay)?.slots ?? [];
  const timeValue = orderTime === null ? '' : orderTime.kind === 'immediately' ? IMMEDIATELY : orderTime.startsAt;

  const chooseDay = (date: string) => {
    setPicked(date);
    if (date === TODAY) {
      const first = todaySlots[0];
      setOrderTime(offer.immediately ? { kind: 'immediately' } : first ? preorderTime(first, undefined) : null);
      return;
    }
    const first = later.find((day) => day.date === date)?.slots[0];
    setOrderTime(first ? preorderTime(first, date) : null);
  };

  const chooseTime = (value: string) => {
    if (value === IMMEDIATELY) {
      setOrderTime({ kind: 'immediately' });
      return;
    }
    const slot = slots.find((entry) => entry.starts_at === value);
    setOrderTime(slot ? preorderTime(slot, chosenDay === TODAY ? undefined : chosenDay) : null);
  };

  const label = (date: string) =>
    dayName(date === TODAY ? today : date, today, language, t('order_time.today'), t('order_time.tomorrow'));

  return (
    <div className="order-time">
      <label htmlFor={dayId} className="order-time__label">
        {t('order_time.day')}
      </label>
      <select
        id={dayId}
        className="order-time__select"
        data-testid="order-day"
        value={chosenDay}
        onChange={(event) => chooseDay(event.currentTarget.value)}
      >
        {days.map((day) => (
          <option key={day.date} value={day.date}>
            {label(day.date)}
          </option>
        ))}
      </select>
      <label htmlFor={timeId} className="order-time__label">
        {t('order_time.time')}
      </label>
      <select
        id={timeId}
        className="order-time__select"
        data-testid="order-day-time"
        value={timeValue}
        aria-describedby={offer.immediately ? undefined : noteId}
        onChange={(event) => chooseTime(event.currentTarget.value)}
      >
        {orderTime === null && (
          <option value="" disabled>
            {t('order_time.choose')}
          </option>
        )}
        {chosenDay === TODAY && (
          <option value={IMMEDIATELY} disabled={!offer.immediately}>
            {offer.immediately ? t('order_time.immediately') : t('order_time.immediately_unavailable')}
          </option>
        )}
        {slots.map((slot) => (
          <option key={slot.starts_at} value={slot.starts_at}>
            {t('order_time.preorder_at', { time: slot.time })}
          </option>
        ))}
      </select>
      <div role="status">
        {!offer.immediately && (
          <p id={noteId} className="order-time__unavailable" data-testid="asap-unavailable">
            {t('order_time.asap_unavailable', { reason })} {t('order_time.preorder_instead')}
          </p>
        )}
      </div>
    </div>
  );
}
