// A car's build sheet as CSV, for spreadsheets: one row per mod, oldest first, with its date,
// category, name, cost (only where the owner shows it: the sheet is the public record) and
// gains. UTF-8 with a byte-order mark, so spreadsheet apps read accents right. A cell that
// starts like a formula (= + - @, a tab or a carriage return) gets a leading apostrophe, so
// a spreadsheet shows it as text and never runs it.
import { stringify } from "csv-stringify/sync";
import { formatGain } from "~/lib/rules/cars";
import type { SheetMod } from "~/lib/rules/build-sheet";

export const BUILD_CSV_COLUMNS = ["Date", "Category", "Mod", "Cost (USD)", "Gains"] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet cannot take for a formula. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** "1234.5" → "1234.50": shown costs in dollars with cents, blank when hidden or none. */
function dollars(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}

/** The CSV text of a car's mods (the build sheet's rows). */
export function buildSheetCsv(mods: readonly SheetMod[]): string {
  const rows = mods.map((mod) => [mod.createdAt.slice(0, 10), mod.category, mod.name, dollars(mod.shownCostCents), mod.gains.map(formatGain).join("; ")]);
  return stringify([[...BUILD_CSV_COLUMNS], ...rows], { bom: true, record_delimiter: "windows", cast: { string: safeCell } });
}
