import { useAdminTranslation } from '../../lib/use-admin-translation';
import type { RevenueGrouping } from '../../types';

const GROUPINGS: readonly RevenueGrouping[] = ['day', 'week', 'month'];

/** Whether `value` (a page address's `group`) names a grouping of the report. */
export function groupingOf(value: string | null): RevenueGrouping {
  return value === 'week' || value === 'month' ? value : 'day';
}

/** Tag / Woche / Monat: how the report's charts group the days. */
export function GroupSwitch({ group, onChange }: { group: RevenueGrouping; onChange: (group: RevenueGrouping) => void }) {
  const { t } = useAdminTranslation();
  return (
    <div role="group" aria-label={t('reports.group_legend')} className="admin-report__groups">
      <span className="admin-field__label" aria-hidden="true">
        {t('reports.group_legend')}
      </span>
      {GROUPINGS.map((grouping) => (
        <button
          key={grouping}
          type="button"
          className={grouping === group ? 'button button--small' : 'button button--small button--ghost'}
          aria-pressed={grouping === group}
          onClick={() => onChange(grouping)}
        >
          {t(`reports.group.${grouping}`)}
        </button>
      ))}
    </div>
  );
}
