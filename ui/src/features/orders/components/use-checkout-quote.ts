import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import type { OrderQuote, OrderRequest } from '../../../lib/order-types';
import { quoteOrder } from '../../../lib/orders-api';

/** Quiet time after the last change before the server is asked, so a typed note asks once. */
export const QUOTE_DEBOUNCE_MS = 250;

export type QuoteState =
  /** Nothing to price yet: no valid order time is chosen. */
  | { status: 'idle' }
  /** The server is being asked; `previous` is the quote shown before, if any. */
  | { status: 'loading'; previous: OrderQuote | null }
  /** The server's price for exactly `request`, the body the order is placed with. */
  | { status: 'ready'; quote: OrderQuote; request: OrderRequest }
  /** The server refuses this order (e.g. below_minimum); `error` carries its code and detail. */
  | { status: 'refused'; error: unknown }
  /** No answer (network, server failure); asking again may help. */
  | { status: 'failed'; error: unknown };

export interface CheckoutQuote {
  state: QuoteState;
  /** Asks again for the same order (after quote_changed, or a failed answer). */
  refresh: () => void;
}

type Answer = { key: string; round: number } & (
  | { request: OrderRequest; quote: OrderQuote }
  | { request: OrderRequest; error: unknown }
);

function stateOf(key: string | null, round: number, answer: Answer | null): QuoteState {
  if (key === null) return { status: 'idle' };
  if (answer === null || answer.key !== key || answer.round !== round) {
    return { status: 'loading', previous: answer !== null && 'quote' in answer ? answer.quote : null };
  }
  if ('quote' in answer) return { status: 'ready', quote: answer.quote, request: answer.request };
  const refused = answer.error instanceof ApiError && answer.error.status < 500;
  return { status: refused ? 'refused' : 'failed', error: answer.error };
}

/**
 * The server's quote for exactly the order the checkout would submit, asked again
 * whenever that body changes (lightly debounced). An answer for an older body or
 * round is dropped, so what is shown always belongs to the current choices.
 */
export function useCheckoutQuote(request: OrderRequest | null, guest: boolean): CheckoutQuote {
  const key = request === null ? null : JSON.stringify(request);
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const asked = JSON.parse(key) as OrderRequest;
    const timer = setTimeout(() => {
      quoteOrder(asked, { guest }).then(
        (quote) => {
          if (current) setAnswer({ key, round, request: asked, quote });
        },
        (error: unknown) => {
          if (current) setAnswer({ key, round, request: asked, error });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, guest, round]);

  const refresh = useCallback(() => setRound((value) => value + 1), []);
  return { state: stateOf(key, round, answer), refresh };
}

/** The quote to show: the current one, or while a new one loads the one shown before. */
export function shownQuote(state: QuoteState): OrderQuote | null {
  if (state.status === 'ready') return state.quote;
  if (state.status === 'loading') return state.previous;
  return null;
}

/** The body to place (or pay) with the quote's id, or null while there is no current quote. */
export function quotedRequest(state: QuoteState): OrderRequest | null {
  return state.status === 'ready' ? { ...state.request, quote_id: state.quote.quote_id } : null;
}
