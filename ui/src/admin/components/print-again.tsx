import { useState } from 'react';
import type { AdminOrder } from '../../lib/order-types';
import { printOrderAgain, type OrderDocument } from '../api/orders-admin-api';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';

const DOCUMENTS: readonly OrderDocument[] = ['kitchen', 'receipt'];

/**
 * Prints an accepted order's kitchen ticket or receipt again on the network printers
 * (marked "NACHDRUCK" there), e.g. after a paper jam; says how many printers got it or
 * why none did. Not for orders that were never accepted: they have no documents.
 */
export function PrintAgain({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState<OrderDocument | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (order.status === 'waiting_for_confirmation' || order.status === 'rejected') return null;

  const print = async (document: OrderDocument) => {
    setBusy(document);
    setOutcome(null);
    try {
      const { queued } = await printOrderAgain(order.id, document);
      setOutcome({ ok: true, text: t('orders.print_again.queued', { count: queued }) });
    } catch (failure) {
      setOutcome({ ok: false, text: errorsFromApi(failure, [], t).general ?? t('errors.generic') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="admin-print-again" role="group" aria-label={t('orders.print_again.label')}>
      <span className="admin-print-again__label">{t('orders.print_again.label')}</span>
      {DOCUMENTS.map((document) => (
        <button
          key={document}
          type="button"
          className="button button--small button--ghost"
          data-testid={`print-again-${document}`}
          disabled={busy !== null}
          aria-busy={busy === document || undefined}
          onClick={() => void print(document)}
        >
          {t(`orders.print_again.${document}`)}
        </button>
      ))}
      {outcome && (
        <p
          className={`admin-message ${outcome.ok ? 'admin-message--success' : 'admin-message--error'}`}
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="print-again-outcome"
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
