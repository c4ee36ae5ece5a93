import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { isOwner } from '../lib/roles';
import { formatPrice } from '../../lib/format-price';
import type { AdminOrder } from '../../lib/order-types';
import { formatPreorder, withErasureMarker } from '../lib/order-format';
import {
  ordersInProgress,
  ordersOnHold,
  waitingImmediateOrders,
  waitingOrders,
  waitingPreorders,
  type BoardConnection,
  type BoardState,
} from '../lib/orders-board-state';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { useOrderAlert } from '../lib/use-order-alert';
import { useOrdersBoard } from '../lib/use-orders-board';
import { OrderAlertControls, SoundBlockedBar } from './order-alert-controls';
import { OrderCard } from './order-card';
import { PhoneOrderDialog } from './phone-order-dialog';
import { PreordersColumn } from './preorders-column';
import { PrinterAlarms } from './printer-alarms';
import { TseOutageBanner } from './tse-outage-banner';

/**
 * The live orders board: new orders to accept or reject, the pre-orders waiting for
 * their answer apart from them, and the ones in the kitchen; the oldest page first,
 * more as asked; an alarm while so many wait that new online orders are refused, and
 * while printers do not print or the cloud TSE does not sign.
 * Phone orders are paid in cash: a shop that takes none (`takesCash` false, the fiscal
 * mode "no cash") offers no phone order and says why (with the way to the Fiscal page for
 * the owner).
 */
export function OrdersBoard({ timezone, takesCash }: { timezone: string; takesCash: boolean }) {
  const { t } = useAdminTranslation();
  const { user, logout } = useAuth();
  const owner = isOwner(user);
  const { state, apply, retry, loadMore } = useOrdersBoard();
  const [phoneOrder, setPhoneOrder] = useState(false);
  const [placed, setPlaced] = useState<string | undefined>();
  const waiting = waitingOrders(state.orders);
  const working = ordersInProgress(state.orders);
  const alert = useOrderAlert(waiting, (order) => ({
    title: t('orders.alert.notification_title', { number: order.number }),
    body: `${t(`orders.type.${order.order_type}`)} · ${formatPrice(order.total)} · ${withErasureMarker(order, t('privacy.anonymised')).customer.customer_name}`,
  }));

  return (
    <section className="admin-board" aria-labelledby="admin-board-title">
      <div className="admin-board__bar">
        <h2 id="admin-board-title" className="admin-board__title">
          {t('orders.board.title')}
        </h2>
        <ConnectionState connection={state.connection} />
        <OrderAlertControls alert={alert} waiting={waiting.length} />
        <button
          type="button"
          className="button button--small"
          data-testid="phone-order-open"
          disabled={!takesCash}
          aria-describedby={takesCash ? undefined : 'phone-order-cashless'}
          onClick={() => {
            setPlaced(undefined);
            setPhoneOrder(true);
          }}
        >
          {t('phone_order.open')}
        </button>
        <Link to="/admin/orders-history" className="button button--small button--ghost">
          {t('orders.board.history')}
        </Link>
      </div>
      {!takesCash && (
        <p className="admin-field__hint admin-board__cashless" data-testid="phone-order-cashless">
          <span id="phone-order-cashless">{t('phone_order.cashless')}</span>
          {owner && (
            <>
              {' '}
              <Link to="/admin/fiscal">{t('phone_order.cashless_link')}</Link>
            </>
          )}
        </p>
      )}
      {state.waiting !== null && ordersOnHold(state) && (
        <p className="admin-board__on-hold" role="alert" data-testid="orders-on-hold">
          {t('orders.board.on_hold', { waiting: state.waiting.waiting })}
        </p>
      )}
      <SoundBlockedBar alert={alert} />
      {placed !== undefined && (
        <p className="admin-message admin-message--success admin-board__placed" role="status" data-testid="phone-order-placed">
          {placed}
        </p>
      )}
      <PhoneOrderDialog
        open={phoneOrder && takesCash}
        onClose={() => setPhoneOrder(false)}
        onPlaced={(order) => {
          apply(order);
          setPhoneOrder(false);
          setPlaced(
            t('phone_order.placed', {
              number: order.number,
              total: formatPrice(order.total),
              // A pre-order for a later day: with its date.
              time:
                order.estimated_ready_at === null
                  ? ''
                  : (formatPreorder({ preorder_at: order.estimated_ready_at, created_at: order.created_at }, timezone) ?? ''),
            }),
          );
        }}
      />
      {state.connection === 'failed' && (
        <div className="admin-message admin-message--error admin-board__refused" role="alert">
          <p>{state.error || t('orders.board.refused')}</p>
          <p>{t('orders.board.login_hint')}</p>
          <div className="admin-form__actions">
            <button type="button" className="button button--small" onClick={() => logout('admin')}>
              {t('orders.board.login_again')}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={retry}>
              {t('orders.board.retry')}
            </button>
          </div>
        </div>
      )}
      <TseOutageBanner outage={state.tseOutage} timezone={timezone} toFiscal={owner} />
      <PrinterAlarms alarms={state.printerAlarms} />
      <div className="admin-board__columns">
        <BoardColumn
          id="new"
          title={t('orders.board.new')}
          orders={waitingImmediateOrders(state.orders)}
          empty={state.loaded ? t('orders.board.empty_new') : t('orders.board.loading')}
          timezone={timezone}
          onChanged={apply}
        />
        <PreordersColumn orders={waitingPreorders(state.orders)} timezone={timezone} onChanged={apply} />
        <BoardColumn
          id="progress"
          title={t('orders.board.in_progress')}
          orders={working}
          empty={state.loaded ? t('orders.board.empty_progress') : t('orders.board.loading')}
          timezone={timezone}
          onChanged={apply}
        />
      </div>
      <LoadMore state={state} onLoad={loadMore} />
    </section>
  );
}

/**
 * While not every open order is on the board: how many of those not shown wait for an
 * answer, and the button that loads the next page.
 */
function LoadMore({ state, onLoad }: { state: BoardState; onLoad: () => void }) {
  const { t } = useAdminTranslation();
  if (state.nextAfter === null) return null;
  const loading = state.more === 'loading';
  const hiddenWaiting = state.waiting === null ? 0 : state.waiting.waiting - waitingOrders(state.orders).length;
  return (
    <div className="admin-board__more" data-testid="board-more">
      <p className="admin-board__more-hint">
        {t('orders.board.more_hint')}
        {hiddenWaiting > 0 && <strong> {t('orders.board.more_waiting', { count: hiddenWaiting })}</strong>}
      </p>
      {state.more === 'failed' && (
        <p className="admin-message admin-message--error" role="alert">
          {t('orders.board.more_failed')}
        </p>
      )}
      <button type="button" className="button button--small" disabled={loading} onClick={onLoad}>
        {loading ? t('orders.board.loading_more') : t('orders.board.load_more')}
      </button>
    </div>
  );
}

function ConnectionState({ connection }: { connection: BoardConnection }) {
  const { t } = useAdminTranslation();
  return (
    <span
      className={`admin-board__connection admin-board__connection--${connection}`}
      data-testid="board-connection"
      data-state={connection}
    >
      {t(`orders.board.connection.${connection}`)}
    </span>
  );
}

function BoardColumn({
  id,
  title,
  orders,
  empty,
  timezone,
  onChanged,
}: {
  id: string;
  title: string;
  orders: AdminOrder[];
  empty: string;
  timezone: string;
  onChanged: (order: AdminOrder) => void;
}) {
  return (
    <section className={`admin-board__column admin-board__column--${id}`} aria-labelledby={`admin-board-${id}`} data-testid={`board-${id}`}>
      <h3 id={`admin-board-${id}`} className="admin-board__column-title">
        {title} <span className="admin-board__count">{orders.length}</span>
      </h3>
      {orders.length === 0 ? (
        <p className="admin-list__empty">{empty}</p>
      ) : (
        orders.map((order) => <OrderCard key={order.id} order={order} timezone={timezone} onChanged={onChanged} />)
      )}
    </section>
  );
}
