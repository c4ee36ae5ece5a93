import { Link } from 'react-router-dom';
import { printerProblem, type PrinterAlarm } from '../lib/printer-alarms';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** The board's alarm for printers that do not take their tickets; gone once they print again. */
export function PrinterAlarms({ alarms }: { alarms: readonly PrinterAlarm[] }) {
  const { t } = useAdminTranslation();
  if (alarms.length === 0) return null;
  return (
    <div className="admin-message admin-message--error admin-board__printers" role="alert" data-testid="printer-alarms">
      <ul className="admin-board__printer-list">
        {alarms.map((alarm) => (
          <li key={alarm.printer_id} data-testid="printer-alarm" data-code={alarm.code}>
            <strong>{t('orders.board.printer_alarm', { name: alarm.name, address: alarm.address })}</strong>{' '}
            {printerProblem(alarm.code, t)}. {t('orders.board.printer_waiting', { count: alarm.waiting })}
          </li>
        ))}
      </ul>
      <Link to="/admin/printers" className="button button--small">
        {t('orders.board.printer_check')}
      </Link>
    </div>
  );
}
