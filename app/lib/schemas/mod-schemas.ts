// Validation of a car's mods (zod), shared by the mod form and the mods API: the part, its
// type, cost, performance gains and build; with the form's suggestions and limits.
import { z } from "zod";
import { MAX_COST_CENTS, parseCostToCents } from "~/lib/rules/cars";
import { idField } from "~/lib/ids";
import { optionalText, requiredText, toBoolean, toNumber, toOptionalId, trimmed } from "~/lib/schemas/car-form-fields";

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

/** A cost ("1299.99" or 1299.99) in cents; blank is null (clear it). */
export const cost = z.preprocess(
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
