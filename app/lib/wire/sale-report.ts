// The sale report of a car (/showcase/{carId}/report): what its page shows.
import type { BuildSheet } from "~/lib/rules/build-sheet";
import type { GainJson } from "~/lib/rules/cars";
import type { OwnershipJson } from "~/lib/rules/handover";
import type { ReportInclude } from "~/lib/rules/sale-report";
import type { MileageUnit, ServiceKind } from "~/lib/schemas/service-schemas";
import type { CarSummary } from "./cars";

/** One entry of a car's service log, as the owner or a visitor reads it. */
export type ServiceEntryJson = {
  id: number;
  kind: ServiceKind;
  kind_label: string;
  performed_on: string;
  mileage: number;
  mileage_unit: MileageUnit;
  /** Null when the cost is not shown to this reader (or there is none). */
  cost_cents: number | null;
  show_cost: boolean;
  notes: string | null;
  logged_by: string | null;
};

/** One mod of the report. */
export type ReportMod = {
  id: number;
  /** ISO date the mod was added. */
  date: string;
  category: string;
  maker: string | null;
  part: string;
  /** In cents; null when there is none, the owner keeps it private, or costs are left out. */
  costCents: number | null;
  gains: GainJson[];
};

/** The report as its page shows it: the photo as addresses, and when it was made. */
export type SaleReportView = {
  car: CarSummary & { createdAt: string };
  owner: { username: string; nickname: string | null };
  photo: { src: string; srcSet: string } | null;
  mods: ReportMod[];
  /** The build sheet's totals over the shown costs. */
  sheet: BuildSheet;
  /** Newest first; costs only where the entry shows them. */
  service: ServiceEntryJson[];
  owners: OwnershipJson[];
  include: ReportInclude;
  madeAt: string;
};
