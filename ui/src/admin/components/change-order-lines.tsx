import { useState, type FormEvent } from 'react';
import { buildCartItem, cartItemKey, MAX_LINE_QUANTITY } from '../../lib/cart-lines';
import { formatPrice } from '../../lib/format-price';
import { paidInCash } from '../../lib/paid-in-cash';
import { getProducts } from '../../lib/menu-api';
import type { AdminOrder, OrderRequestLine } from '../../lib/order-types';
import { requestLine } from '../../lib/orders-api';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useAsync } from '../../lib/use-async';
import { changeOrderLines } from '../api/orders-admin-api';
import { correctable, type CorrectionProps } from '../lib/corrections';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { FormMessage, TextInput } from './fields';
import { PhoneOrderProducts } from './phone-order-products';
import { REASON_MAX } from './reject-order-form';

/** One line of the changed order: what it is, how many, and what the server is sent. */
interface EditRow {
  key: string;
  name: string;
  quantity: number;
  request: Omit<OrderRequestLine, 'quantity'>;
  /** Added now (priced from the menu by the server), not one the order had. */
  added: boolean;
  /** How many the order had (0 for one added now). */
  sold: number;
}

function rowsOf(order: AdminOrder): EditRow[] {
  return order.lines.map((line) => {
    const extras = line.extras.map((extra) => ({ topping_id: extra.topping_id, quantity: extra.quantity }));
    return {
      key: cartItemKey(
        line.product_id,
        line.variant_id,
        extras.map((extra) => ({ id: extra.topping_id, quantity: extra.quantity })),
      ),
      name: line.extras.length > 0 ? `${line.name} + ${line.extras.map((extra) => extra.name).join(', ')}` : line.name,
      quantity: line.quantity,
      request: { product_id: line.product_id, variant_id: line.variant_id, extras },
      added: false,
      sold: line.quantity,
    };
  });
}

/**
 * Changes an accepted or completed order's lines (while its business day is open): fewer
 * or more of a dish, a dish removed, another added from the menu (priced by the server,
 * refused when sold out), with a reason the customer reads. The server recomputes totals
 * and VAT by the order's rules; a paid order (through PayPal, or a completed cash order)
 * gets the difference back, and may not get dearer. Its answer replaces the order; its
 * refusal is shown here.
 */
export function ChangeOrderLines({ order, dayClosed, onChanged }: CorrectionProps) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);
  if (!correctable(order, dayClosed)) return null;
  if (!open) {
    return (
      <div className="admin-order-change">
        <button type="button" className="button button--small button--ghost" data-testid="change-lines-open" onClick={() => setOpen(true)}>
          {t('orders.change.open')}
        </button>
      </div>
    );
  }
  return (
    <LinesEditor
      order={order}
      onClose={() => setOpen(false)}
      onChanged={(changed) => {
        setOpen(false);
        onChanged(changed);
      }}
    />
  );
}

function LinesEditor({
  order,
  onClose,
  onChanged,
}: {
  order: AdminOrder;
  onClose: () => void;
  onChanged: (order: AdminOrder) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  // A completed order's food has left the kitchen: items only come off (the server
  // refuses anything else).
  const onlyLess = order.status === 'completed';
  const products = useAsync(() => getProducts(storeId), `change-products-${storeId}`);
  const [rows, setRows] = useState<EditRow[]>(() => rowsOf(order));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const setQuantity = (key: string, quantity: number) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, quantity } : row)));
  const remove = (key: string) => setRows((current) => current.filter((row) => row.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length === 0 || text.length > REASON_MAX) {
      setReasonError(t('orders.actions.reason_required'));
      return;
    }
    setReasonError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      onChanged(await changeOrderLines(order.id, rows.map((row) => ({ ...row.request, quantity: row.quantity })), text));
    } catch (refused) {
      setFailure(errorsFromApi(refused, [], t).general ?? t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-order-change" noValidate onSubmit={(event) => void submit(event)} data-testid="change-lines-form">
      <p className="admin-order-change__hint">
        {order.payment_method === 'online'
          ? t('orders.change.hint_online', { total: formatPrice(order.total) })
          : paidInCash(order)
            ? t('orders.change.hint_cash_paid', { total: formatPrice(order.total) })
            : t('orders.change.hint_cash')}
      </p>
      <ul className="admin-phone-lines" data-testid="change-lines">
        {rows.map((row) => (
          <li key={row.key} className="admin-phone-lines__line">
            <span className="admin-phone-lines__name">
              <strong>{row.name}</strong>
              {row.added && <span className="admin-phone-lines__extras">{t('orders.change.added')}</span>}
            </span>
            <span className="admin-phone-stepper">
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={t('phone_order.less', { name: row.name })}
                disabled={row.quantity <= 1}
                onClick={() => setQuantity(row.key, row.quantity - 1)}
              >
                −
              </button>
              <span className="admin-phone-stepper__value" aria-label={t('phone_order.quantity_of', { name: row.name })}>
                {row.quantity}
              </span>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={t('phone_order.more', { name: row.name })}
                disabled={row.quantity >= (onlyLess ? row.sold : MAX_LINE_QUANTITY)}
                onClick={() => setQuantity(row.key, row.quantity + 1)}
              >
                +
              </button>
            </span>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('phone_order.remove', { name: row.name })}
              onClick={() => remove(row.key)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {onlyLess ? null : products.status === 'success' ? (
        <PhoneOrderProducts
          products={products.data}
          onAdd={(product, selection) => {
            const item = buildCartItem(product, selection, i18n.resolvedLanguage ?? 'de');
            const line = requestLine(item);
            const request = { product_id: line.product_id, variant_id: line.variant_id, extras: line.extras };
            setRows((current) =>
              current.some((row) => row.key === item.uniqueKey)
                ? current.map((row) => (row.key === item.uniqueKey ? { ...row, quantity: Math.min(MAX_LINE_QUANTITY, row.quantity + 1) } : row))
                : [...current, { key: item.uniqueKey, name: item.displayName, quantity: 1, request, added: true, sold: 0 }],
            );
          }}
        />
      ) : (
        <p className="admin-list__empty">{products.status === 'loading' ? t('common.loading') : t('common.load_error')}</p>
      )}
      <TextInput
        id={`change-reason-${order.id}`}
        label={t('orders.change.reason')}
        required
        maxLength={REASON_MAX}
        value={reason}
        error={reasonError}
        onChange={(value) => {
          setReason(value);
          setReasonError(undefined);
        }}
      />
      <div className="admin-order-cancel__buttons">
        <button
          type="submit"
          className="button button--small"
          data-testid="change-lines-save"
          disabled={busy || rows.length === 0}
          aria-busy={busy || undefined}
        >
          {t('orders.change.save')}
        </button>
        <button type="button" className="button button--small button--ghost" disabled={busy} onClick={onClose}>
          {t('orders.change.discard')}
        </button>
      </div>
      {rows.length === 0 && <p className="admin-list__empty">{t('orders.change.empty')}</p>}
      <FormMessage error={failure} />
    </form>
  );
}
