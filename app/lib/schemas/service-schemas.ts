// Validation of a car's service log (zod): what was done, when, at what mileage, its cost
// and notes; with the kinds, units and limits the form offers.
import { z } from "zod";
import { wholeNumber } from "~/lib/rules/formats";
import { optionalText, toBoolean, trimmed } from "~/lib/schemas/car-form-fields";
import { cost } from "~/lib/schemas/mod-schemas";

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
