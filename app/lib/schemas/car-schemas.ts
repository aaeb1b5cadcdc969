// Validation of cars (zod), shared by the car form (conform) and the cars API: make, model,
// year, trim, body style, nickname, insurance date and VIN.
import { z } from "zod";
import { UNNAMED } from "~/lib/rules/cars";
import { normalizeVin, vinProblem } from "~/lib/rules/vin";
import { optionalText, requiredText, toBoolean, toNumber, trimmed } from "~/lib/schemas/car-form-fields";

/** The first car (Benz Patent-Motorwagen). */
export const MIN_CAR_YEAR = 1886;

/** Next year's models are on sale already; anything later is a typo. */
export function maxCarYear(now = new Date()): number {
  return now.getFullYear() + 1;
}

export const CAR_TEXT_MAX = { make: 50, model: 60, trim: 60, bodystyle: 40, nickname: 60 } as const;

export const CAR_MESSAGES = {
  yearMin: `Year must be ${MIN_CAR_YEAR} or later`,
  yearMax: (max: number) => `Year must be ${max} or earlier`,
  date: "Enter a date like 2026-12-31",
  notFound: "Car not found",
  notOwner: "Only the car's owner can change it",
} as const;

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
