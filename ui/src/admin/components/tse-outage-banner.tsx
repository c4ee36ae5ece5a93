import { Link } from 'react-router-dom';
import { formatTime } from '../lib/order-format';
import type { BoardTseOutage } from '../lib/tse-outage';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * The board's alarm while the cloud TSE cannot be reached: since when, and how many
 * orders went unsigned meanwhile (they keep flowing); gone once it signs again. The owner
 * (`toFiscal`) gets the way to the Fiscal page.
 */
export function TseOutageBanner({
  outage,
  timezone,
  toFiscal,
}: {
  outage: BoardTseOutage | null;
  timezone: string;
  toFiscal: boolean;
}) {
  const { t } = useAdminTranslation();
  if (outage === null) return null;
  return (
    <div className="admin-message admin-message--error admin-board__tse" role="alert" data-testid="tse-outage">
      <strong>
        {t('orders.board.tse_outage', { time: formatTime(outage.started_at, timezone), count: outage.missed_orders.length })}
      </strong>
      {toFiscal && (
        <Link to="/admin/fiscal" className="button button--small">
          {t('orders.board.tse_check')}
        </Link>
      )}
    </div>
  );
}
