// Pure helpers for cars and their mods, shared by the server and the browser:
// the car display line, costs in cents, and gains summing (money is written by formatCost in
// lib/rules/formats).
// The JSON shapes the cars/mods API answers with live here too, so components can use them.
import { amount as formatAmount } from "~/lib/rules/formats";
import type { CarSummary } from "~/lib/wire";

export const UNNAMED = "Unnamed";
export const UNKNOWN_VEHICLE = "Unknown Vehicle";

/** A car as the API sends it. `insurance_expires_at` only reaches the owner. */
export type CarJson = CarSummary & {
  owner_id: number;
  insurance_expires_at?: string | null;
  created_at: string;
};

export type GainJson = { type: string; amount: number; unit: string };

export type NamedRef = { id: number; name: string };

/**
 * The shared part a mod is: its page and name. `other_cars` (distinct other cars that run
 * it) is present where the page counted them (the showcase).
 */
export type PartRef = { id: number; name: string; href: string; other_cars?: number };

/** A mod as the API sends it. `cost` (currency units, e.g. 1299.99) is absent unless visible. */
export type ModJson = {
  id: number;
  car_id: number;
  mod_category: string;
  model_name: string;
  description: string | null;
  manufacturer_id: number | null;
  manufacturer: NamedRef | null;
  vendor_id: number | null;
  vendor: NamedRef | null;
  installer_id: number | null;
  installer: NamedRef | null;
  post_id: number | null;
  mod_type: string;
  show_cost: boolean;
  cost?: number;
  performance_gains: GainJson[];
  build_id: number | null;
  build: NamedRef | null;
  part_id?: number | null;
  part?: PartRef | null;
  created_at: string;
  updated_at: string;
};

/** The parts of a car the display helpers read. */
export type CarLike = {
  nickname?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  bodystyle?: string | null;
};

/** A car as every list names it: its id and the fields of its display line. */
export type CarNameJson = Omit<CarSummary, "bodystyle">;

/** A nickname worth showing: not blank and not the 'Unnamed' placeholder. */
export function realNickname(nickname: string | null | undefined): string | null {
  const value = nickname?.trim();
  if (!value || value.toLowerCase() === UNNAMED.toLowerCase()) return null;
  return value;
}

/** "1999 Nissan Skyline GT-R V-Spec Coupe": year, make, model, trim and body style. */
export function carSpecLine(car: CarLike): string {
  return [car.year, car.make, car.model, car.trim, car.bodystyle]
    .map((part) => (part === null || part === undefined ? "" : String(part).trim()))
    .filter(Boolean)
    .join(" ");
}

/**
 * The car line of posts and headings: nickname, then year/make/model/trim/bodystyle.
 * 'Unnamed' means no nickname; no car at all is 'Unknown Vehicle'.
 */
export function carDisplayLine(car: CarLike | null | undefined): string {
  if (!car) return UNKNOWN_VEHICLE;
  const spec = carSpecLine(car);
  const nickname = realNickname(car.nickname);
  if (nickname && spec) return `${nickname} · ${spec}`;
  return nickname ?? (spec || UNKNOWN_VEHICLE);
}

/** Several cars as one line ("A & B"); 'Unknown Vehicle' when there are none. */
export function carsLine(cars: ReadonlyArray<CarLike>): string {
  return cars.length > 0 ? cars.map(carDisplayLine).join(" & ") : UNKNOWN_VEHICLE;
}

/** The short name of a car: its nickname, else "year make model". */
export function carName(car: CarLike | null | undefined): string {
  if (!car) return UNKNOWN_VEHICLE;
  return realNickname(car.nickname) ?? (carSpecLine({ year: car.year, make: car.make, model: car.model }) || UNKNOWN_VEHICLE);
}

// ------------------------------------------------------------------ money

/** Currency units (as the API sends `cost`) to whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** The largest cost we accept: $10,000,000. */
export const MAX_COST_CENTS = 1_000_000_000;

/**
 * Reads a cost typed by a person ("1299.99", "$1,299", "1 299.5") or sent as a number.
 * Returns cents, null for "no cost", or NaN for something that is not a cost.
 */
export function parseCostToCents(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return Number.NaN;
    return Math.round(value * 100);
  }
  if (typeof value !== "string") return Number.NaN;
  const cleaned = value.replace(/[$\s,]/g, "");
  if (cleaned === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents to what a cost input shows: "1299.99", "1200". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

// ------------------------------------------------------------------ performance gains

function roundAmount(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Adds gains up per kind: the same type and unit (trimmed, any case) make one total.
 * Kinds keep the order they first appear in; totals of zero are kept (they are facts).
 */
export function sumGains(gains: readonly GainJson[]): GainJson[] {
  const totals = new Map<string, GainJson>();
  for (const gain of gains) {
    if (!Number.isFinite(gain.amount)) continue;
    const type = gain.type.trim();
    const unit = gain.unit.trim();
    const key = `${type.toLowerCase()}\u0000${unit.toLowerCase()}`;
    const total = totals.get(key);
    if (total) total.amount = roundAmount(total.amount + gain.amount);
    else totals.set(key, { type, unit, amount: roundAmount(gain.amount) });
  }
  return [...totals.values()];
}

/** "+25 hp", "−12.5 kg". */
export function formatGainAmount(gain: Pick<GainJson, "amount" | "unit">): string {
  const amount = roundAmount(gain.amount);
  const sign = amount > 0 ? "+" : amount < 0 ? "\u2212" : "";
  const number = formatAmount(Math.abs(amount));
  return `${sign}${number}${gain.unit ? ` ${gain.unit}` : ""}`;
}

/** "Horsepower +25 hp". */
export function formatGain(gain: GainJson): string {
  const type = gain.type.trim();
  const label = type ? type.charAt(0).toUpperCase() + type.slice(1) : "";
  return label ? `${label} ${formatGainAmount(gain)}` : formatGainAmount(gain);
}

// ------------------------------------------------------------------ builds

export type BuildGroup = {
  /** null for mods outside any build. */
  build: NamedRef | null;
  mods: ModJson[];
  /** The sum of the costs present on these mods (only visible ones are present), in cents. */
  costCents: number;
  /** How many of these mods carry a cost. */
  costedCount: number;
  gains: GainJson[];
};

export const NO_BUILD_LABEL = "Other mods";

/** Total of the costs present on `mods`, in cents. */
export function visibleCostCents(mods: readonly Pick<ModJson, "cost">[]): number {
  return mods.reduce((sum, mod) => (typeof mod.cost === "number" ? sum + toCents(mod.cost) : sum), 0);
}

/**
 * Groups mods by build: named builds in the order their first mod appears, mods outside
 * a build last. Each group carries its visible cost and summed gains.
 */
export function groupModsByBuild(mods: readonly ModJson[]): BuildGroup[] {
  const groups = new Map<number | null, ModJson[]>();
  const refs = new Map<number | null, NamedRef | null>();
  for (const mod of mods) {
    const key = mod.build?.id ?? null;
    if (!groups.has(key)) {
      groups.set(key, []);
      refs.set(key, mod.build ?? null);
    }
    groups.get(key)!.push(mod);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : 0) - (b === null ? 1 : 0));
  return keys.map((key) => {
    const list = groups.get(key)!;
    return {
      build: refs.get(key) ?? null,
      mods: list,
      costCents: visibleCostCents(list),
      costedCount: list.filter((mod) => typeof mod.cost === "number").length,
      gains: sumGains(list.flatMap((mod) => mod.performance_gains)),
    };
  });
}

/** Labels for the mod types: part, labor, build. */
export const MOD_TYPE_LABELS: Record<string, string> = { part: "Part", labor: "Labor", build: "Build" };

export function modTypeLabel(type: string): string {
  return MOD_TYPE_LABELS[type] ?? type;
}
