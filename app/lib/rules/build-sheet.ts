// The build sheet of a car: what its mods add up to, as anyone may see it. Pure functions,
// shared by the showcase, the car's embed, its PNG card and the forum snippets.
//
// - Only costs the owner shows count. A mod whose cost is hidden is a mod without a cost
//   here, even when the owner is the one looking: the sheet is the public record.
// - Spend is grouped by category (spelled as first seen, matched in any case), largest first.
// - Gains add up per type and unit (sumGains), so "+25 hp" and "+10 kW" stay apart.
// - Spend over time is the running total of shown costs by calendar month (UTC) of the mod's
//   date, every month from the first to the last, gaps included, so the chart's steps are even.
import { formatGain, sumGains, type GainJson } from "~/lib/rules/cars";
import { monthYear, formatCost } from "~/lib/rules/formats";

/** A mod as the build sheet reads it: the cost only when the owner shows it. */
export type SheetMod = {
  id: number;
  category: string;
  /** "HKS GT III-RS" : the maker's name (when known) and the model name. */
  name: string;
  /** In cents; null when the mod has no cost or its owner keeps it private. */
  shownCostCents: number | null;
  /** ISO date the mod was added. */
  createdAt: string;
  gains: GainJson[];
};

export type CategorySpend = { category: string; cents: number; mods: number };

export type MonthSpend = {
  /** "2025-03". */
  month: string;
  /** Spent that month. */
  cents: number;
  /** Spent up to the end of that month. */
  totalCents: number;
};

export type BuildSheet = {
  modCount: number;
  /** How many mods carry a cost that is shown. */
  costedCount: number;
  shownTotalCents: number;
  byCategory: CategorySpend[];
  gains: GainJson[];
  spendByMonth: MonthSpend[];
};

/** The spend chart covers at most this many months (the latest ones; earlier spend is carried in). */
export const MAX_CHART_MONTHS = 120;

/** The maker and model as one name: "HKS GT III-RS"; the model alone when the maker is unknown or already named. */
export function modName(modelName: string, maker: string | null | undefined): string {
  const model = modelName.trim().replace(/\s+/g, " ");
  const brand = maker?.trim().replace(/\s+/g, " ") ?? "";
  if (!brand || model.toLowerCase().startsWith(brand.toLowerCase())) return model || brand;
  return model ? `${brand} ${model}` : brand;
}

/** The row's cost as the public sees it: the cents when shown, else null. */
export function shownCost(costCents: number | null | undefined, showCost: boolean): number | null {
  return showCost && typeof costCents === "number" && Number.isFinite(costCents) && costCents >= 0 ? Math.round(costCents) : null;
}

/** Spend per category, counting shown costs only; categories with no shown cost are left out. Largest first. */
export function spendByCategory(mods: readonly SheetMod[]): CategorySpend[] {
  const totals = new Map<string, CategorySpend>();
  for (const mod of mods) {
    if (mod.shownCostCents === null) continue;
    const label = mod.category.trim() || "Other";
    const key = label.toLowerCase();
    const entry = totals.get(key) ?? { category: label, cents: 0, mods: 0 };
    entry.cents += mod.shownCostCents;
    entry.mods += 1;
    totals.set(key, entry);
  }
  return [...totals.values()].sort((a, b) => b.cents - a.cents || a.category.localeCompare(b.category));
}

function monthOf(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

function nextMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/**
 * The running total of shown spend by month, from the month of the first costed mod to the
 * month of the last, every month in between included. Over MAX_CHART_MONTHS months, only the
 * latest are listed, the first of them carrying what was spent before.
 */
export function spendOverTime(mods: readonly SheetMod[]): MonthSpend[] {
  const spent = new Map<string, number>();
  for (const mod of mods) {
    if (mod.shownCostCents === null) continue;
    const month = monthOf(mod.createdAt);
    if (month) spent.set(month, (spent.get(month) ?? 0) + mod.shownCostCents);
  }
  if (spent.size === 0) return [];
  const months = [...spent.keys()].sort();
  const last = months[months.length - 1];
  const series: MonthSpend[] = [];
  let total = 0;
  for (let month = months[0]; ; month = nextMonth(month)) {
    const cents = spent.get(month) ?? 0;
    total += cents;
    series.push({ month, cents, totalCents: total });
    if (month === last) break;
  }
  return series.length > MAX_CHART_MONTHS ? series.slice(-MAX_CHART_MONTHS) : series;
}

/** Everything the build sheet shows, from the mods as the public sees them. */
export function buildSheet(mods: readonly SheetMod[]): BuildSheet {
  const costed = mods.filter((mod) => mod.shownCostCents !== null);
  return {
    modCount: mods.length,
    costedCount: costed.length,
    shownTotalCents: costed.reduce((sum, mod) => sum + mod.shownCostCents!, 0),
    byCategory: spendByCategory(mods),
    gains: sumGains(mods.flatMap((mod) => mod.gains)),
    spendByMonth: spendOverTime(mods),
  };
}

/**
 * The mods a card or a snippet names first: those with reported gains, then the dearest
 * shown, then the newest. At most `limit`.
 */
export function headlineMods(mods: readonly SheetMod[], limit: number): SheetMod[] {
  const score = (mod: SheetMod) => (mod.gains.some((gain) => gain.amount !== 0) ? 1 : 0);
  return [...mods]
    .sort((a, b) => score(b) - score(a) || (b.shownCostCents ?? -1) - (a.shownCostCents ?? -1) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, limit);
}

/** "March 2025" for "2025-03". */
export function monthLabel(month: string, style: "long" | "short" = "long"): string {
  const [year, number] = month.split("-").map(Number);
  return monthYear(new Date(Date.UTC(year, number - 1, 1)), style);
}

/** "Horsepower +120 hp, Torque +80 lb-ft". */
export function gainsLine(gains: readonly GainJson[]): string {
  return gains.map(formatGain).join(", ");
}

/** The sheet in one sentence, for screen readers and text browsers: "3 mods, $4,500 shown, …". */
export function sheetSummary(sheet: BuildSheet): string {
  const parts = [`${sheet.modCount} ${sheet.modCount === 1 ? "mod" : "mods"}`];
  if (sheet.costedCount > 0) parts.push(`${formatCost(sheet.shownTotalCents)} shown spend`);
  if (sheet.gains.length) parts.push(`gains ${gainsLine(sheet.gains)}`);
  return parts.join(", ");
}

// ------------------------------------------------------------------ the chart's geometry

export type ChartBar = MonthSpend & { x: number; y: number; width: number; height: number; label: string };

export type ChartGeometry = {
  width: number;
  height: number;
  /** The plot area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  bars: ChartBar[];
  /** The running total as a line through the tops of the bars (SVG path data). */
  line: string;
  /** Labels on the value axis: at 0, half and the top. */
  ticks: Array<{ y: number; label: string }>;
  /** Month labels under the axis: the first, the last and a few between. */
  monthTicks: Array<{ x: number; label: string }>;
};

/** The axis' top: the total rounded up to a round figure (1, 2, 2.5 or 5 times a power of ten, in dollars). */
export function niceCeiling(cents: number): number {
  if (cents <= 0) return 100;
  const dollars = cents / 100;
  const power = 10 ** Math.floor(Math.log10(dollars));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= dollars)!;
  return Math.round(step * power * 100);
}

/**
 * Where the bars of the running total go in a `width` × `height` chart: one bar per month,
 * as tall as what was spent up to then, with a line through their tops.
 */
export function chartGeometry(series: readonly MonthSpend[], size: { width: number; height: number } = { width: 640, height: 240 }): ChartGeometry {
  const plot = { left: 64, top: 12, right: size.width - 12, bottom: size.height - 28 };
  const top = niceCeiling(series.at(-1)?.totalCents ?? 0);
  const slot = series.length ? (plot.right - plot.left) / series.length : 0;
  const barWidth = Math.max(1, Math.min(48, slot * 0.7));
  const round = (value: number) => Math.round(value * 10) / 10;
  const bars = series.map((point, index) => {
    const height = round(((plot.bottom - plot.top) * point.totalCents) / top);
    const x = round(plot.left + slot * index + (slot - barWidth) / 2);
    return { ...point, x, y: round(plot.bottom - height), width: round(barWidth), height, label: `${monthLabel(point.month)}: ${formatCost(point.totalCents)}` };
  });
  const line = bars.map((bar, index) => `${index === 0 ? "M" : "L"}${round(bar.x + bar.width / 2)} ${bar.y}`).join(" ");
  const ticks = [0, 0.5, 1].map((share) => ({ y: round(plot.bottom - (plot.bottom - plot.top) * share), label: formatCost(Math.round(top * share)) }));
  // About six month labels: every nth bar, and the last bar in place of a label it would crowd.
  const every = Math.max(1, Math.ceil(series.length / 6));
  const monthTicks: ChartGeometry["monthTicks"] = [];
  bars.forEach((bar, index) => {
    const last = index === bars.length - 1;
    if (index % every !== 0 && !last) return;
    const tick = { x: round(bar.x + bar.width / 2), label: monthLabel(bar.month, "short") };
    if (last && monthTicks.length > 0 && tick.x - monthTicks[monthTicks.length - 1].x < 60 && index % every !== 0) monthTicks.pop();
    if (!monthTicks.some((other) => other.x === tick.x)) monthTicks.push(tick);
  });
  return { width: size.width, height: size.height, plot, bars, line, ticks, monthTicks };
}
