/** One weekday of the heat map: its short and full name and its orders by hour (24). */
export interface HeatmapRow {
  short: string;
  name: string;
  counts: readonly number[];
}

const CELL = 22;
const LEFT = 40;
const TOP = 18;

/**
 * The orders by hour of the week: a row per weekday, a column per hour, the more orders
 * the darker; each cell names its weekday, hour and count in its title.
 */
export function HourHeatmap({
  label,
  rows,
  cellTitle,
}: {
  label: string;
  rows: readonly HeatmapRow[];
  cellTitle: (row: HeatmapRow, hour: number, count: number) => string;
}) {
  const max = Math.max(0, ...rows.flatMap((row) => row.counts));
  const width = LEFT + 24 * CELL;
  const height = TOP + rows.length * CELL;
  return (
    <svg className="admin-chart admin-heatmap" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMinYMin meet">
      {Array.from({ length: 8 }, (_, index) => index * 3).map((hour) => (
        <text key={hour} x={LEFT + hour * CELL + 2} y={TOP - 5} className="admin-chart__label">
          {hour}
        </text>
      ))}
      {rows.map((row, day) => (
        <g key={row.name}>
          <text x={LEFT - 6} y={TOP + day * CELL + CELL / 2} textAnchor="end" dominantBaseline="middle" className="admin-chart__label">
            {row.short}
          </text>
          {row.counts.map((count, hour) => (
            <rect
              key={hour}
              x={LEFT + hour * CELL + 1}
              y={TOP + day * CELL + 1}
              width={CELL - 2}
              height={CELL - 2}
              rx={3}
              className="admin-heatmap__cell"
              data-day={day}
              data-hour={hour}
              data-count={count}
              fillOpacity={count === 0 || max === 0 ? 0.06 : 0.2 + (0.8 * count) / max}
            >
              <title>{cellTitle(row, hour, count)}</title>
            </rect>
          ))}
        </g>
      ))}
    </svg>
  );
}
