// What a car's sale report includes, read from its query string. The report's form sends
// `choose=1` with the boxes that are ticked; without it, everything is included. A box is
// ticked by "on" (or "1"); any other value is a bad query.
import { z } from "zod";

export const REPORT_PARTS = ["costs", "gains", "spending", "service", "owners"] as const;
export type ReportPart = (typeof REPORT_PARTS)[number];
export type ReportInclude = Record<ReportPart, boolean>;

/** The label of each choice on the report's form. */
export const REPORT_PART_LABELS: Record<ReportPart, string> = {
  costs: "Mods' costs",
  gains: "Gains",
  spending: "Spending",
  service: "Service log",
  owners: "Ownership history",
};

export const ALL_INCLUDED: ReportInclude = { costs: true, gains: true, spending: true, service: true, owners: true };

const ticked = z.enum(["on", "1"], { message: "A report choice is either ticked or left out" }).optional();

const includeSchema = z
  .object({
    choose: z.enum(["1"], { message: "Unknown report choice" }).optional(),
    format: z.string().optional(),
    costs: ticked,
    gains: ticked,
    spending: ticked,
    service: ticked,
    owners: ticked,
  })
  .strict();

/** The report's choices from its URL's query; null when the query is not one the form sends. */
export function parseReportInclude(search: URLSearchParams): ReportInclude | null {
  const entries: Record<string, string> = {};
  for (const [key, value] of search) {
    // A name given twice is not something the form sends.
    if (key in entries) return null;
    entries[key] = value;
  }
  const parsed = includeSchema.safeParse(entries);
  if (!parsed.success) return null;
  if (!parsed.data.choose) return { ...ALL_INCLUDED };
  return Object.fromEntries(REPORT_PARTS.map((part) => [part, parsed.data[part] !== undefined])) as ReportInclude;
}

/** The query string that asks for these choices ("" for everything). */
export function reportQuery(include: ReportInclude): string {
  if (REPORT_PARTS.every((part) => include[part])) return "";
  const params = new URLSearchParams({ choose: "1" });
  for (const part of REPORT_PARTS) if (include[part]) params.set(part, "on");
  return `?${params}`;
}
