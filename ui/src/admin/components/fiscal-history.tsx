import { chooserText, fiscalModeName } from '../lib/fiscal';
import { formatDateTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { FiscalChoice } from '../types';

/**
 * Every fiscal mode the shop chose, oldest first, with who chose it and when and, for
 * the own till, who confirmed that cash is booked there: the tax office may ask since
 * when a mode held. The last row is the one that holds.
 */
export function FiscalHistory({ history, timezone }: { history: readonly FiscalChoice[]; timezone: string }) {
  const { t } = useAdminTranslation();
  if (history.length === 0) return <p className="admin-list__empty">{t('fiscal.history.empty')}</p>;
  const columns = {
    mode: t('fiscal.history.mode'),
    at: t('fiscal.history.at'),
    by: t('fiscal.history.by'),
    confirmation: t('fiscal.history.confirmation'),
  };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" data-testid="fiscal-history">
        <thead>
          <tr>
            {Object.values(columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {history.map((choice, index) => (
            <tr key={`${choice.chosen_at}-${index}`}>
              <td data-label={columns.mode}>
                {fiscalModeName(choice.mode, t)}
                {index === history.length - 1 && (
                  <>
                    {' '}
                    <span className="admin-badge admin-badge--active">{t('fiscal.history.holds')}</span>
                  </>
                )}
              </td>
              <td data-label={columns.at}>{formatDateTime(choice.chosen_at, timezone)}</td>
              <td data-label={columns.by}>{chooserText(choice.chosen_by, t)}</td>
              <td data-label={columns.confirmation}>
                {choice.mode !== 'pos'
                  ? t('fiscal.history.not_needed')
                  : choice.pos_confirmation === null
                    ? t('fiscal.history.unconfirmed')
                    : t('fiscal.history.confirmed', {
                        who: chooserText(choice.pos_confirmation.by, t),
                        date: formatDateTime(choice.pos_confirmation.at, timezone),
                      })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
