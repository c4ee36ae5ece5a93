import { useState, type FormEvent } from 'react';
import type { OrderSearch } from '../api/customers-api';
import { isDay } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { TextInput } from './fields';

type Kind = OrderSearch['kind'];

/** The longest search the server takes. */
const MAX_SEARCH = 100;

/**
 * The order history's search: an order by its number on a day (the day shown by
 * default), the orders of a customer by name or phone (optionally from one day to
 * another), or every order from one day to another.
 */
export function OrderSearchForm({
  current,
  day,
  onSearch,
}: {
  /** The search shown now, to start the form from. */
  current: OrderSearch | null;
  /** The day the history shows: a number's default day. */
  day: string;
  onSearch: (search: OrderSearch) => void;
}) {
  const { t } = useAdminTranslation();
  const [kind, setKind] = useState<Kind>(current?.kind ?? 'number');
  const [number, setNumber] = useState(current?.kind === 'number' ? String(current.number) : '');
  const [date, setDate] = useState(current?.kind === 'number' ? current.date : day);
  const [q, setQ] = useState(current?.kind === 'text' ? current.q : '');
  const [from, setFrom] = useState(current?.kind === 'text' || current?.kind === 'dates' ? current.from : '');
  const [to, setTo] = useState(current?.kind === 'text' || current?.kind === 'dates' ? current.to : '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = number.trim();
    if (kind === 'number') {
      if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1) return setProblem(t('orders.search.number_error'));
      return onSearch({ kind: 'number', number: Number(trimmed), date: isDay(date) ? date : day });
    }
    const days = isDay(from) && isDay(to);
    if ((from !== '' || to !== '' || kind === 'dates') && !days) return setProblem(t('orders.search.dates_error'));
    if (days && to < from) return setProblem(t('orders.search.dates_order'));
    if (kind === 'text') {
      if (q.trim() === '') return setProblem(t('orders.search.text_error'));
      return onSearch({ kind: 'text', q: q.trim(), from: days ? from : '', to: days ? to : '' });
    }
    return onSearch({ kind: 'dates', from, to });
  };

  const dateInput = (id: string, label: string, value: string, set: (value: string) => void) => (
    <div className="admin-field admin-history__date">
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="admin-input"
        value={value}
        onChange={(event) => {
          set(event.currentTarget.value);
          setProblem(null);
        }}
      />
    </div>
  );

  return (
    <form role="search" className="admin-order-search" aria-label={t('orders.search.label')} onSubmit={submit} noValidate>
      <div className="admin-phone-order__choice" role="radiogroup" aria-label={t('orders.search.by')}>
        {(['number', 'text', 'dates'] as const).map((choice) => (
          <label key={choice} className="admin-phone-order__radio">
            <input
              type="radio"
              name="order-search-kind"
              value={choice}
              checked={kind === choice}
              onChange={() => {
                setKind(choice);
                setProblem(null);
              }}
            />
            {t(`orders.search.kind_${choice}`)}
          </label>
        ))}
      </div>
      <div className="admin-history__bar">
        {kind === 'number' && (
          <>
            <TextInput
              id="order-search-number"
              label={t('orders.search.number')}
              inputMode="numeric"
              maxLength={6}
              value={number}
              autoComplete="off"
              onChange={(value) => {
                setNumber(value);
                setProblem(null);
              }}
            />
            {dateInput('order-search-date', t('orders.search.on_day'), date, setDate)}
          </>
        )}
        {kind === 'text' && (
          <TextInput
            id="order-search-text"
            label={t('orders.search.text')}
            hint={t('orders.search.text_hint')}
            maxLength={MAX_SEARCH}
            value={q}
            autoComplete="off"
            onChange={(value) => {
              setQ(value);
              setProblem(null);
            }}
          />
        )}
        {kind !== 'number' && (
          <>
            {dateInput('order-search-from', kind === 'text' ? t('orders.search.from_optional') : t('orders.search.from'), from, setFrom)}
            {dateInput('order-search-to', t('orders.search.to'), to, setTo)}
          </>
        )}
        <button type="submit" className="button button--small" data-testid="order-search-submit">
          {t('orders.search.submit')}
        </button>
      </div>
      {problem !== null && (
        <p className="admin-field__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
