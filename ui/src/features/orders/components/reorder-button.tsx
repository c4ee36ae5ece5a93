import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../lib/order-types';

/** What ordering again did: how many lines went into the cart, and the names of those left out. */
export interface ReorderOutcome {
  added: number;
  missing: readonly string[];
}

/** Puts a past order's lines into the cart (the app wires the cart in). */
export type Reorder = (order: Order) => Promise<ReorderOutcome>;

type Result = { kind: 'done'; outcome: ReorderOutcome } | { kind: 'failed' };

/**
 * "Erneut bestellen": the order's lines go into the cart at today's prices; what is
 * no longer on the menu or sold out is named beside the button.
 */
export function ReorderButton({ order, reorder }: { order: Order; reorder: Reorder }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      setResult({ kind: 'done', outcome: await reorder(order) });
    } catch (error) {
      console.error('Ordering again failed', error);
      setResult({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };

  const outcome = result?.kind === 'done' ? result.outcome : null;
  return (
    <div className="reorder">
      <button
        type="button"
        className="button button--ghost reorder__button"
        aria-label={t('orders.reorder.button_for', { number: order.number })}
        aria-busy={busy}
        disabled={busy}
        onClick={() => void start()}
      >
        {busy ? t('orders.reorder.busy') : t('orders.reorder.button')}
      </button>
      <div className="reorder__result" role="status" data-testid="reorder-result">
        {result?.kind === 'failed' && <p className="status status--error">{t('orders.reorder.error')}</p>}
        {outcome !== null && (
          <>
            <p>{outcome.added > 0 ? t('orders.reorder.added') : t('orders.reorder.nothing_available')}</p>
            {outcome.missing.length > 0 && (
              <p className="reorder__missing" data-testid="reorder-missing">
                {t('orders.reorder.unavailable', { names: outcome.missing.join(', ') })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
