// The build sheet on a showcase: how many mods, the spend the owner shows (in all and per
// category), the total gains by type and unit, and the spend over time as a chart. Costs the
// owner keeps private are not in it, whoever looks (the sheet comes from ~/lib/rules/build-sheet).
// Server-rendered, with no script needed. The chart marks when the car changed hands.
import { Kept } from "~/components/shell/Kept";
import { GainChips } from "~/components/mods/GainChips";
import type { BuildSheet as Sheet, CategorySpend } from "~/lib/rules/build-sheet";
import { formatCost } from "~/lib/rules/formats";
import { SheetFigures } from "./SheetFigures";
import { SpendChart } from "./SpendChart";
import "./showcase.css";
import { ColumnHeads } from "~/components/shell/ColumnHeads";

/** The shown spend per category, largest first, each row shaded by its share of the largest. */
export function CategorySpendTable({ rows, className = "build-sheet__categories", caption }: { rows: readonly CategorySpend[]; className?: string; caption?: string }) {
  const largest = rows[0]?.cents ?? 0;
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <ColumnHeads names={["Category", "Mods", "Spend"]} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.category} style={{ "--share": `${largest ? Math.max(2, Math.round((100 * row.cents) / largest)) : 0}%` } as React.CSSProperties}>
            <th scope="row">{row.category}</th>
            <td>{row.mods}</td>
            <td>{formatCost(row.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BuildSheet({ sheet, handovers = [] }: { sheet: Sheet; /** When the car changed hands (ISO). */ handovers?: readonly string[] }) {
  return (
    <Kept as="section" name="build-sheet" inputs={[sheet, handovers]} className="build-sheet card" aria-labelledby="build-sheet-title" data-testid="build-sheet">
      <h2 id="build-sheet-title" className="showcase-section__title">
        Build sheet
      </h2>
      <SheetFigures sheet={sheet} className="build-sheet__figures" marked />

      <div className="build-sheet__grid">
        <div className="build-sheet__block">
          <h3 className="build-sheet__subtitle">Spend by category</h3>
          {sheet.byCategory.length ? <CategorySpendTable rows={sheet.byCategory} /> : <p className="build-sheet__empty">No costs are shown.</p>}
        </div>
        <div className="build-sheet__block">
          <h3 className="build-sheet__subtitle">Total gains</h3>
          {sheet.gains.length ? <GainChips gains={sheet.gains} /> : <p className="build-sheet__empty">No gains reported.</p>}
        </div>
      </div>

      <div className="build-sheet__block">
        <h3 className="build-sheet__subtitle">Spend over time</h3>
        <SpendChart series={sheet.spendByMonth} handovers={handovers} />
      </div>
    </Kept>
  );
}
