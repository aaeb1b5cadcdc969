// Validation of cars and mods (zod), shared by the forms (conform) and the API routes.
// Each schema takes form strings ("", "1999", "on") and JSON values (1999, true, null) alike:
// a blank optional field is null ("clear it"), a missing one is undefined ("leave it").
import { z } from "zod";
import { MAX_COST_CENTS, UNNAMED, parseCostToCents } from "~/lib/rules/cars";
import { wholeNumber } from "~/lib/rules/formats";
import { idField } from "~/lib/ids";
import { normalizeText, type TextOptions } from "~/lib/rules/text-rules";
import { textRules } from "~/lib/schemas/text-schemas";
import { normalizeVin, vinProblem } from "~/lib/rules/vin";

/** The first car (Benz Patent-Motorwagen). */
export const MIN_CAR_YEAR = 1886;

/** Next year's models are on sale already; anything later is a typo. */
export function maxCarYear(now = new Date()): number {
  return now.getFullYear() + 1;
}

export const CAR_TEXT_MAX = { make: 50, model: 60, trim: 60, bodystyle: 40, nickname: 60 } as const;

export const MOD_TYPES = ["part", "labor", "build"] as const;
export type ModType = (typeof MOD_TYPES)[number];

export const MOD_TEXT_MAX = {
  mod_category: 40,
  model_name: 120,
  description: 2000,
  manufacturer: 80,
  vendor: 80,
  installer: 80,
  build_name: 60,
  gain_type: 40,
  gain_unit: 16,
} as const;

export const MAX_GAINS = 10;
export const MAX_GAIN_AMOUNT = 100_000;

/** Suggestions for the category field; any other text is accepted. */
export const MOD_CATEGORIES = [
  "Engine",
  "Forced induction",
  "Intake",
  "Exhaust",
  "Fuel",
  "Cooling",
  "Tuning",
  "Drivetrain",
  "Suspension",
  "Brakes",
  "Wheels & tires",
  "Aero",
  "Exterior",
  "Interior",
  "Lighting",
  "Audio & electronics",
  "Safety",
  "Maintenance",
  "Other",
] as const;

/** Suggestions for gain rows: a type and its usual unit. */
export const GAIN_SUGGESTIONS = [
  { type: "horsepower", unit: "hp" },
  { type: "torque", unit: "lb-ft" },
  { type: "weight", unit: "kg" },
  { type: "0-60 mph", unit: "s" },
  { type: "quarter mile", unit: "s" },
  { type: "top speed", unit: "mph" },
  { type: "boost", unit: "psi" },
] as const;

export const CAR_MESSAGES = {
  yearMin: `Year must be ${MIN_CAR_YEAR} or later`,
  yearMax: (max: number) => `Year must be ${max} or earlier`,
  date: "Enter a date like 2026-12-31",
  notFound: "Car not found",
  notOwner: "Only the car's owner can change it",
} as const;

export const MOD_MESSAGES = {
  type: "Choose part, labor or build",
  cost: "Enter a cost like 1299.99",
  costTooLarge: "That cost is too large",
  amount: "Amount must be a number",
  amountTooLarge: "That amount is too large",
  post: "Choose one of this car's posts",
  build: "Choose one of this car's builds",
  notFound: "Modification not found",
  notOwner: "Only the car's owner can change its modifications",
  tooManyGains: `At most ${MAX_GAINS} performance gains`,
} as const;

// ------------------------------------------------------------------ field builders

function trimmed(value: unknown) {
  return typeof value === "string" ? value.trim() : value;
}

function requiredText(label: string, max: number) {
  return z.preprocess(
    (value) => (value === null ? "" : normalizeText(value)),
    z
      .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`)
      .superRefine(textRules(label)),
  );
}

/** Blank means null (clear it); absent means undefined (leave it). */
function optionalText(label: string, max: number, options: TextOptions = {}) {
  return z.preprocess(
    (value) => {
      const v = normalizeText(value, options);
      return v === "" ? null : v;
    },
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .superRefine(textRules(label, options))
      .nullable()
      .optional(),
  );
}

function toNumber(value: unknown) {
  if (typeof value === "string") return value.trim() === "" ? undefined : Number(value.trim());
  if (value === null) return undefined;
  return value;
}

function toOptionalId(value: unknown) {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === "string" && value.trim() === "")) return null;
  return value;
}

function toBoolean(value: unknown) {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value;
  if (value === null) return false;
  const v = String(value).trim().toLowerCase();
  if (["on", "true", "1", "yes"].includes(v)) return true;
  if (["", "off", "false", "0", "no"].includes(v)) return false;
  return value;
}

const year = z.preprocess(
  toNumber,
  z
    .number({ required_error: "Year is required", invalid_type_error: "Year must be a number" })
    .int("Year must be a whole number")
    .min(MIN_CAR_YEAR, CAR_MESSAGES.yearMin)
    .superRefine((value, ctx) => {
      const max = maxCarYear();
      if (value > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: CAR_MESSAGES.yearMax(max) });
    }),
);

/** "2026-12-31" (or a full ISO time) to that day at 00:00 UTC; blank is null. */
const dateOnly = z.preprocess(
  (value) => {
    const v = trimmed(value);
    if (v === undefined) return undefined;
    if (v === "" || v === null) return null;
    if (v instanceof Date) return v;
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v)) return "invalid";
    const date = new Date(`${v.slice(0, 10)}T00:00:00.000Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v.slice(0, 10) ? "invalid" : date;
  },
  z
    .date({ invalid_type_error: CAR_MESSAGES.date })
    .min(new Date("1900-01-01T00:00:00Z"), CAR_MESSAGES.date)
    .max(new Date("2200-01-01T00:00:00Z"), CAR_MESSAGES.date)
    .nullable()
    .optional(),
);

/** A nickname of 'Unnamed' means no nickname. */
const nickname = optionalText("Nickname", CAR_TEXT_MAX.nickname).transform((value) =>
  typeof value === "string" && value.toLowerCase() === UNNAMED.toLowerCase() ? null : value,
);

/**
 * A VIN, kept upper-case without spaces or dashes; blank is null (clear it). Its form and,
 * for a North American car, its check digit are checked (lib/rules/vin.ts).
 */
const vin = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const v = normalizeVin(value);
    return v === "" ? null : v;
  },
  z
    .string({ invalid_type_error: "The VIN must be text" })
    .superRefine((value, ctx) => {
      const problem = vinProblem(value);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    })
    .nullable()
    .optional(),
);

// ------------------------------------------------------------------ cars

const carFields = {
  make: requiredText("Make", CAR_TEXT_MAX.make),
  model: requiredText("Model", CAR_TEXT_MAX.model),
  year,
  trim: optionalText("Trim", CAR_TEXT_MAX.trim),
  bodystyle: optionalText("Body style", CAR_TEXT_MAX.bodystyle),
  nickname,
  insurance_expires_at: dateOnly,
  vin,
  /** Whether others see the VIN's last characters; an unticked box (absent) is false with a VIN. */
  vin_public: z.preprocess(toBoolean, z.boolean({ invalid_type_error: "vin_public must be true or false" }).optional()),
};

/** A new car, or a whole edit form (blank optional fields are cleared). */
export const carSchema = z.object(carFields);

/** PATCH /api/cars/{id}: only the fields present change. */
export const carPatchSchema = z.object(carFields).partial();

export type CarInput = z.output<typeof carPatchSchema>;

// ------------------------------------------------------------------ mods

const gainSchema = z.object({
  type: requiredText("Gain type", MOD_TEXT_MAX.gain_type),
  amount: z.preprocess(
    toNumber,
    z
      .number({ required_error: "Amount is required", invalid_type_error: MOD_MESSAGES.amount })
      .finite(MOD_MESSAGES.amount)
      .refine((value) => Math.abs(value) <= MAX_GAIN_AMOUNT, MOD_MESSAGES.amountTooLarge),
  ),
  unit: requiredText("Unit", MOD_TEXT_MAX.gain_unit),
});

function isBlankGain(row: unknown) {
  if (row === undefined || row === null) return true;
  if (typeof row !== "object") return false;
  return Object.values(row as Record<string, unknown>).every((value) => value === undefined || value === null || (typeof value === "string" && value.trim() === ""));
}

/** Rows left wholly blank (the spare rows of the form) are dropped, not errors. */
const gains = z.preprocess(
  (value) => {
    if (value === undefined) return undefined;
    if (value === null) return [];
    if (!Array.isArray(value)) return value;
    return value.filter((row) => !isBlankGain(row));
  },
  z.array(gainSchema, { invalid_type_error: "Performance gains must be a list" }).max(MAX_GAINS, MOD_MESSAGES.tooManyGains).optional(),
);

const cost = z.preprocess(
  (value) => {
    if (value === undefined) return undefined;
    return parseCostToCents(value);
  },
  z
    .number({ invalid_type_error: MOD_MESSAGES.cost })
    .int(MOD_MESSAGES.cost)
    .min(0, MOD_MESSAGES.cost)
    .max(MAX_COST_CENTS, MOD_MESSAGES.costTooLarge)
    .nullable()
    .optional(),
);

const id = (message: string) => z.preprocess(toOptionalId, idField(message).nullable().optional());

const modFields = {
  mod_category: requiredText("Category", MOD_TEXT_MAX.mod_category),
  model_name: requiredText("Model name", MOD_TEXT_MAX.model_name),
  description: optionalText("Description", MOD_TEXT_MAX.description, { multiline: true }),
  manufacturer: optionalText("Manufacturer", MOD_TEXT_MAX.manufacturer),
  vendor: optionalText("Vendor", MOD_TEXT_MAX.vendor),
  installer: optionalText("Installer", MOD_TEXT_MAX.installer),
  mod_type: z.preprocess(
    (value) => (value === "" || value === null ? undefined : trimmed(value)),
    z.enum(MOD_TYPES, { errorMap: () => ({ message: MOD_MESSAGES.type }) }).optional(),
  ),
  /** Cents after parsing ("1299.99" or 1299.99 in, 129999 out). */
  cost,
  show_cost: z.preprocess(toBoolean, z.boolean({ invalid_type_error: "show_cost must be true or false" }).optional()),
  performance_gains: gains,
  /** Names a build of this car, made when new (any case matches an existing one). */
  build_name: optionalText("Build", MOD_TEXT_MAX.build_name),
  /** Or picks one of this car's builds by id. */
  build_id: id(MOD_MESSAGES.build),
  post_id: id(MOD_MESSAGES.post),
};

/**
 * A new mod, or a whole edit form: an unticked show_cost is false and no gain rows
 * means no gains.
 */
export const modSchema = z.object({
  ...modFields,
  show_cost: modFields.show_cost.transform((value) => value ?? false),
  performance_gains: modFields.performance_gains.transform((value) => value ?? []),
});

/** PATCH /api/mods/{id}: only the fields present change; performance_gains replaces the list. */
export const modPatchSchema = z.object(modFields).partial();

export type ModInput = z.output<typeof modPatchSchema>;
export type GainInput = z.output<typeof gainSchema>;

// ------------------------------------------------------------------ service log

export const SERVICE_KINDS = ["oil", "tyres", "brakes", "inspection", "other"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  oil: "Oil change",
  tyres: "Tyres",
  brakes: "Brakes",
  inspection: "Inspection",
  other: "Other service",
};
export const MILEAGE_UNITS = ["mi", "km"] as const;
export type MileageUnit = (typeof MILEAGE_UNITS)[number];
/** The highest odometer reading accepted. */
export const MAX_MILEAGE = 2_000_000;
export const SERVICE_NOTES_MAX = 1000;

export const SERVICE_MESSAGES = {
  kind: "Choose what was done: oil change, tyres, brakes, inspection or other",
  date: "Enter the date it was done (YYYY-MM-DD), not in the future",
  mileage: `Enter the odometer reading, a whole number up to ${wholeNumber(MAX_MILEAGE)}`,
  unit: "Choose miles or kilometres",
  notFound: "Service entry not found",
  tooMany: "This car's service log is full (500 entries)",
} as const;

/** A service entry from the owner's form. */
export const serviceEntrySchema = z.object({
  kind: z.preprocess(trimmed, z.enum(SERVICE_KINDS, { errorMap: () => ({ message: SERVICE_MESSAGES.kind }) })),
  performed_on: z.preprocess(
    trimmed,
    z
      .string({ required_error: SERVICE_MESSAGES.date, invalid_type_error: SERVICE_MESSAGES.date })
      .regex(/^\d{4}-\d{2}-\d{2}$/, SERVICE_MESSAGES.date)
      .transform((value, context) => {
        const date = new Date(`${value}T00:00:00.000Z`);
        if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value || date.getTime() > Date.now() + 86_400_000) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: SERVICE_MESSAGES.date });
          return z.NEVER;
        }
        return date;
      }),
  ),
  mileage: z.preprocess(
    (value) => (typeof value === "string" ? (value.replace(/[\s,]/g, "") === "" ? undefined : Number(value.replace(/[\s,]/g, ""))) : value),
    z
      .number({ required_error: SERVICE_MESSAGES.mileage, invalid_type_error: SERVICE_MESSAGES.mileage })
      .int(SERVICE_MESSAGES.mileage)
      .min(0, SERVICE_MESSAGES.mileage)
      .max(MAX_MILEAGE, SERVICE_MESSAGES.mileage),
  ),
  mileage_unit: z.preprocess(
    (value) => (value === undefined || value === "" ? "mi" : trimmed(value)),
    z.enum(MILEAGE_UNITS, { errorMap: () => ({ message: SERVICE_MESSAGES.unit }) }),
  ),
  cost,
  show_cost: z.preprocess(toBoolean, z.boolean({ invalid_type_error: "show_cost must be true or false" }).optional()).transform((value) => value ?? false),
  notes: optionalText("Notes", SERVICE_NOTES_MAX, { multiline: true }),
});
export type ServiceEntryInput = z.output<typeof serviceEntrySchema>;

// ------------------------------------------------------------------ form bodies

/**
 * Turns flat form names (`performance_gains[0].type`) into nested values, so a plain form
 * post to the API reads like JSON. JSON bodies pass through unchanged.
 */
export function expandFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^([A-Za-z_]\w*)\[(\d+)\]\.([A-Za-z_]\w*)$/.exec(key);
    if (!match) {
      if (!(key in out)) out[key] = value;
      continue;
    }
    const [, list, index, field] = match;
    const rows = Array.isArray(out[list]) ? (out[list] as Record<string, unknown>[]) : [];
    out[list] = rows;
    const i = Number(index);
    if (i > 100) continue;
    rows[i] = { ...(rows[i] ?? {}), [field]: value };
  }
  for (const value of Object.values(out)) {
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] ??= {};
  }
  return out;
}

/** The first message of a failed parse, for `{ error }` answers, and all of them by field. */
export function issuesOf(error: z.ZodError): { error: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${part}` : String(part)), "");
    (fields[name || "form"] ??= []).push(issue.message);
  }
  return { error: error.issues[0]?.message ?? "Invalid request data", fields };
}
