import { useState } from 'react';
import { isDay } from '../lib/order-format';
import { isMonth, monthOf, monthPeriod, shiftMonth, wholeMonth, type Period } from '../lib/revenue-period';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * Chooses the period of the revenue report: a month (previous, next, or picked), or any
 * period from one day to another.
 */
export function RevenuePeriodPicker({
  period,
  currentMonth,
  onChange,
}: {
  period: Period;
  /** "yyyy-MM" in the store's time zone: no later month can have orders. */
  currentMonth: string;
  onChange: (period: Period) => void;
}) {
  const { t } = useAdminTranslation();
  const month = wholeMonth(period);
  // A period that is not one month moves by the month it starts in.
  const shown = monthOf(period.from);
  const showMonth = (next: string) => onChange(monthPeriod(next));
  return (
    <div className="admin-revenue__picker">
      <div className="admin-history__bar">
        <button type="button" className="button button--small button--ghost" onClick={() => showMonth(shiftMonth(shown, -1))}>
          {t('revenue.previous_month')}
        </button>
        <div className="admin-field admin-history__date">
          <label htmlFor="revenue-month" className="admin-field__label">
            {t('revenue.month')}
          </label>
          <input
            id="revenue-month"
            type="month"
            className="admin-input"
            value={month ?? ''}
            max={currentMonth}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isMonth(value)) showMonth(value);
            }}
          />
        </div>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={shown >= currentMonth}
          onClick={() => showMonth(shiftMonth(shown, 1))}
        >
          {t('revenue.next_month')}
        </button>
        {month !== currentMonth && (
          <button type="button" className="button button--small button--ghost" onClick={() => showMonth(currentMonth)}>
            {t('revenue.this_month')}
          </button>
        )}
      </div>
      <PeriodForm key={`${period.from}/${period.to}`} period={period} onChange={onChange} />
    </div>
  );
}

/** Any period: both days are chosen first and shown together, so half a change asks the server nothing. */
function PeriodForm({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useAdminTranslation();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isDay(from) && isDay(to)) onChange({ from, to });
      }}
    >
      <fieldset className="admin-revenue__period">
        <legend className="admin-field__label">{t('revenue.period_legend')}</legend>
        <div className="admin-history__bar">
          <div className="admin-field admin-history__date">
            <label htmlFor="revenue-from" className="admin-field__label">
              {t('revenue.from')}
            </label>
            <input
              id="revenue-from"
              type="date"
              className="admin-input"
              required
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
          </div>
          <div className="admin-field admin-history__date">
            <label htmlFor="revenue-to" className="admin-field__label">
              {t('revenue.to')}
            </label>
            <input
              id="revenue-to"
              type="date"
              className="admin-input"
              required
              min={from}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
          </div>
          <button type="submit" className="button button--small">
            {t('revenue.show_period')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
