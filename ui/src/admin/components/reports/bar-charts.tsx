/** One bar of a chart: its label, the value that sets its length, and that value as shown. */
export interface ChartBar {
  label: string;
  value: number;
  text: string;
}

const WIDTH = 600;

/** The longest a label is drawn; the whole label is in the bar's title and the table. */
function clip(label: string, length: number): string {
  return label.length > length ? `${label.slice(0, length - 1)}…` : label;
}

/** Bars from left to right, one row each (for a few named things: types, rates, products). */
export function HorizontalBars({ label, bars }: { label: string; bars: readonly ChartBar[] }) {
  const row = 28;
  const labelWidth = 170;
  const barWidth = 330;
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const height = Math.max(1, bars.length) * row;
  return (
    <svg className="admin-chart" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${height}`} preserveAspectRatio="xMinYMin meet">
      {bars.map((bar, index) => {
        const length = max > 0 ? (Math.max(0, bar.value) / max) * barWidth : 0;
        const y = index * row;
        return (
          <g key={index}>
            <title>{`${bar.label}: ${bar.text}`}</title>
            <text x={labelWidth - 8} y={y + row / 2} textAnchor="end" dominantBaseline="middle" className="admin-chart__label">
              {clip(bar.label, 24)}
            </text>
            <rect x={labelWidth} y={y + 5} width={length} height={row - 10} rx={3} className="admin-chart__bar" />
            <text x={labelWidth + length + 6} y={y + row / 2} dominantBaseline="middle" className="admin-chart__value">
              {bar.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Columns side by side in time order (the days, weeks or months of a period). */
export function ColumnBars({ label, bars }: { label: string; bars: readonly ChartBar[] }) {
  const height = 200;
  const top = 8;
  const bottom = 24;
  const slot = WIDTH / Math.max(1, bars.length);
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  // At most about twelve labels under the columns; every column has its title.
  const every = Math.ceil(bars.length / 12);
  return (
    <svg className="admin-chart" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${height}`} preserveAspectRatio="xMinYMin meet">
      <line x1={0} x2={WIDTH} y1={height - bottom} y2={height - bottom} className="admin-chart__axis" />
      {bars.map((bar, index) => {
        const length = max > 0 ? (Math.max(0, bar.value) / max) * (height - top - bottom) : 0;
        const x = index * slot;
        return (
          <g key={index}>
            <title>{`${bar.label}: ${bar.text}`}</title>
            <rect x={x + slot * 0.15} y={height - bottom - length} width={slot * 0.7} height={length} rx={2} className="admin-chart__bar" />
            {index % every === 0 && (
              <text x={x + slot / 2} y={height - 8} textAnchor="middle" className="admin-chart__label">
                {clip(bar.label, 12)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
