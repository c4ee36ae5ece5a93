import { useCallback, useEffect, useReducer, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { errorText, serverErrorText } from '../../lib/error-text';
import i18n from '../../lib/i18n';
import type { AdminOrder } from '../../lib/order-types';
import { listOpenOrders } from '../api/orders-admin-api';
import { boardReducer, INITIAL_BOARD, type BoardState } from './orders-board-state';
import { boardSocketUrl, connectOrdersBoard } from './orders-board-socket';

/** While the socket is not live, the open orders are loaded this often instead. */
export const BOARD_FALLBACK_MS = 20_000;

export interface OrdersBoard {
  state: BoardState;
  /** Puts an order the API answered with onto the board at once. */
  apply: (order: AdminOrder) => void;
  /** Connects again after the server refused the connection. */
  retry: () => void;
  /** Loads the page of open orders after `state.nextAfter`. */
  loadMore: () => void;
}

/** 401 or 403: the session ended; the board says so instead of loading on. */
function refusal(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 401 || error.status === 403) ? errorText(error, i18n.t, '') : null;
}

/**
 * The open orders, live: the board socket's first page and changes, and further pages
 * as asked. Until the socket is live (and while it reconnects) the first page comes
 * from GET /admin/orders/open.
 */
export function useOrdersBoard(): OrdersBoard {
  const { token } = useAuth();
  const [state, dispatch] = useReducer(boardReducer, INITIAL_BOARD);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (token === null) return undefined;
    return connectOrdersBoard({
      url: boardSocketUrl(),
      token,
      // The refusal is kept as text in the language shown now; '' lets the board say its own.
      onMessage: (message) =>
        dispatch(message.type === 'error' ? { type: 'error', detail: serverErrorText(message, i18n.t, '') } : message),
      onClosed: () => dispatch({ type: 'closed' }),
    });
  }, [token, attempt]);

  const polling = state.connection === 'connecting' || state.connection === 'reconnecting';
  useEffect(() => {
    if (!polling) return undefined;
    let active = true;
    const load = () =>
      listOpenOrders().then(
        (page) => {
          if (active) dispatch({ type: 'fallback', page });
        },
        (error: unknown) => {
          const detail = refusal(error);
          if (active && detail !== null) dispatch({ type: 'error', detail });
        },
      );
    void load();
    const timer = setInterval(() => void load(), BOARD_FALLBACK_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [polling]);

  const apply = useCallback((order: AdminOrder) => dispatch({ type: 'order', order }), []);
  const retry = useCallback(() => {
    dispatch({ type: 'connecting' });
    setAttempt((n) => n + 1);
  }, []);
  const after = state.nextAfter;
  const loadMore = useCallback(() => {
    if (after === null) return;
    dispatch({ type: 'more' });
    listOpenOrders(after).then(
      (page) => dispatch({ type: 'page', after, page }),
      (error: unknown) => {
        const detail = refusal(error);
        dispatch(detail === null ? { type: 'more_failed', after } : { type: 'error', detail });
      },
    );
  }, [after]);
  return { state, apply, retry, loadMore };
}
