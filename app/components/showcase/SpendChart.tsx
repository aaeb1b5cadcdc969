// The build's spend over time as an SVG drawn on the server: one bar per month, as tall as
// the shown spend up to then, with a line through their tops. It is one image to assistive
// technology (role="img", named by its <title>, described by its <desc>), and the same
// numbers follow as text: a sentence, and a table by month in a <details>. A dashed line
// marks each month the car changed hands in, and the sentence names the dates.
import { chartGeometry, monthLabel, type MonthSpend } from "~/lib/rules/build-sheet";
import { formatCost, shortDate } from "~/lib/rules/formats";
import { CHANGED_HANDS } from "~/lib/rules/handover";
import { ColumnHeads } from "~/components/shell/ColumnHeads";

export const SPEND_CHART_TITLE = "Shown spend over time";

/** "Changed hands on 3 Mar 2025." */
function handoverLine(at: string): string {
  return `${CHANGED_HANDS} ${shortDate(at)}.`;
}

/** The spend month by month, with the total up to each month. */
export function MonthSpendTable({ series, className, caption }: { series: readonly MonthSpend[]; className?: string; caption?: string }) {
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <ColumnHeads names={["Month", "Spent", "Total so far"]} />
      <tbody>
        {series.map((point) => (
          <tr key={point.month}>
            <th scope="row">{monthLabel(point.month)}</th>
            <td>{formatCost(point.cents)}</td>
            <td>{formatCost(point.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SpendChart({ series, handovers = [] }: { series: readonly MonthSpend[]; /** When the car changed hands (ISO). */ handovers?: readonly string[] }) {
  // One chart per page, in the build sheet, whose markup is kept (shell/Kept.tsx): a fixed id, not useId's.
  const id = "spend-chart";
  if (series.length === 0) return <p className="spend-chart__empty">No costs are shown yet, so there is no spend to chart.</p>;
  const geometry = chartGeometry(series);
  const first = series[0];
  const last = series[series.length - 1];
  const summary =
    series.length === 1
      ? `${formatCost(last.totalCents)} shown, all in ${monthLabel(last.month)}.`
      : `${formatCost(last.totalCents)} shown from ${monthLabel(first.month)} to ${monthLabel(last.month)}.`;
  const { plot } = geometry;
  // A handover is marked at its month's bar; one outside the chart's months has no place on it.
  const marks = handovers.flatMap((at) => {
    const bar = geometry.bars.find((candidate) => candidate.month === at.slice(0, 7));
    return bar ? [{ at, x: Math.round((bar.x + bar.width / 2) * 10) / 10 }] : [];
  });
  const described = [summary, ...marks.map((mark) => handoverLine(mark.at))].join(" ");

  return (
    <div className="spend-chart" data-testid="spend-chart">
      <figure className="spend-chart__figure">
        <svg
          className="spend-chart__svg"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${geometry.width} ${geometry.height}`}
          width={geometry.width}
          height={geometry.height}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>{SPEND_CHART_TITLE}</title>
          <desc id={`${id}-desc`}>{described}</desc>
          {geometry.ticks.map((tick) => (
            <g key={tick.y} className="spend-chart__tick">
              <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
              <text x={plot.left - 8} y={tick.y + 4} textAnchor="end">
                {tick.label}
              </text>
            </g>
          ))}
          {geometry.bars.map((bar) => (
            <rect key={bar.month} className="spend-chart__bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={Math.min(3, bar.width / 2)}>
              <title>{bar.label}</title>
            </rect>
          ))}
          {geometry.bars.length > 1 ? <path className="spend-chart__line" d={geometry.line} /> : null}
          {marks.map((mark) => (
            <g key={mark.at} className="spend-chart__handover" data-testid="chart-handover">
              <title>{handoverLine(mark.at)}</title>
              <line x1={mark.x} x2={mark.x} y1={plot.top} y2={plot.bottom} />
              <text x={mark.x + 4} y={plot.top + 10}>
                Changed hands
              </text>
            </g>
          ))}
          {geometry.monthTicks.map((tick) => (
            <text key={tick.x} className="spend-chart__month" x={tick.x} y={plot.bottom + 20} textAnchor="middle">
              {tick.label}
            </text>
          ))}
        </svg>
        <figcaption className="spend-chart__caption">{described}</figcaption>
      </figure>
      <details className="spend-chart__table">
        <summary>Spend by month as a table</summary>
        <MonthSpendTable series={series} />
      </details>
    </div>
  );
}
