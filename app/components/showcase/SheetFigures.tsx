// The build sheet's three figures, shared by the showcase and the car embed. No stylesheet and
// no icons here: the embed links its own stylesheets and ships no script.
import type { BuildSheet } from "~/lib/rules/build-sheet";
import { formatCost } from "~/lib/rules/formats";

/** The sheet's three figures: the mods, the spend shown and how many costs are shown. On the
 *  showcase (`marked`) the spend is set apart and the figures carry test ids; the embed has neither. */
export function SheetFigures({ sheet, className, marked = false }: { sheet: BuildSheet; className: string; marked?: boolean }) {
  return (
    <dl className={className}>
      <div>
        <dt>Mods</dt>
        <dd data-testid={marked ? "sheet-mod-count" : undefined}>{sheet.modCount}</dd>
      </div>
      <div className={marked ? "build-sheet__spend" : undefined}>
        <dt>Shown spend</dt>
        <dd data-testid={marked ? "sheet-spend" : undefined}>{sheet.costedCount > 0 ? formatCost(sheet.shownTotalCents) : "—"}</dd>
      </div>
      <div>
        <dt>Costs shown</dt>
        <dd>
          {sheet.costedCount} of {sheet.modCount}
        </dd>
      </div>
    </dl>
  );
}
