// A car's sale report: the car, its cover picture, every mod (date, maker, part, cost where
// the owner shows it, gains), the build sheet's totals, the service log and the owners, as
// anyone who can see the showcase may see them. A cost the owner keeps private never leaves
// this module, not even for the owner: the report is the public record handed to a buyer.
// The work is bounded: a car's mods (CAR_MOD_LIMIT), its service entries (MAX_SERVICE_ENTRIES)
// and owners are each read by one capped query.
import { prisma } from "~/db.server";
import { mediaUrl, srcSetFor } from "~/lib/media-types";
import { buildSheet, modName, shownCost, type BuildSheet, type SheetMod } from "~/lib/build-sheet";
import type { GainJson } from "~/lib/cars";
import type { OwnershipJson } from "~/lib/handover";
import type { ReportInclude } from "~/lib/sale-report";
import { carCover, type CarCover } from "~/models/build-sheet.server";
import { ownershipHistory } from "~/models/car-handover.server";
import { modRowsOfCars } from "~/models/mod.server";
import { listServiceEntries, type ServiceEntryJson } from "~/models/service-log.server";

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

export type SaleReport = {
  car: { id: number; make: string; model: string; year: number; trim: string | null; bodystyle: string | null; nickname: string | null; createdAt: string };
  owner: { username: string; nickname: string | null };
  cover: CarCover | null;
  mods: ReportMod[];
  /** The build sheet's totals over the shown costs. */
  sheet: BuildSheet;
  /** Newest first; costs only where the entry shows them. */
  service: ServiceEntryJson[];
  owners: OwnershipJson[];
  include: ReportInclude;
};

/** The report of a car with what `include` asks for; null when there is no such car to show. */
export async function getSaleReport(carId: number, include: ReportInclude): Promise<SaleReport | null> {
  if (!Number.isSafeInteger(carId) || carId < 1) return null;
  // A car whose owner deleted the account has no showcase, so no report.
  const row = await prisma.car.findFirst({
    where: { id: carId, owner: { deletedAt: null } },
    select: {
      id: true,
      make: true,
      model: true,
      year: true,
      trim: true,
      bodystyle: true,
      nickname: true,
      createdAt: true,
      owner: { select: { username: true, nickname: true } },
    },
  });
  if (!row) return null;
  const [rows, cover, service, owners] = await Promise.all([
    modRowsOfCars([carId]),
    carCover(carId),
    include.service ? listServiceEntries(carId, { owner: false }) : Promise.resolve([]),
    include.owners ? ownershipHistory(carId) : Promise.resolve([]),
  ]);
  const sheetMods: SheetMod[] = rows.map((mod) => ({
    id: mod.id,
    category: mod.category,
    name: modName(mod.modelName, mod.manufacturer?.name),
    shownCostCents: shownCost(mod.costCents, mod.showCost),
    createdAt: mod.createdAt.toISOString(),
    gains: mod.gains.map((gain) => ({ type: gain.type, amount: gain.amount, unit: gain.unit })),
  }));
  const mods = rows.map((mod, index): ReportMod => ({
    id: mod.id,
    date: mod.createdAt.toISOString(),
    category: mod.category,
    maker: mod.manufacturer?.name ?? null,
    part: mod.modelName,
    costCents: include.costs ? sheetMods[index].shownCostCents : null,
    gains: include.gains ? sheetMods[index].gains : [],
  }));
  const { owner, createdAt, ...car } = row;
  return {
    car: { ...car, createdAt: createdAt.toISOString() },
    owner,
    cover,
    mods,
    sheet: buildSheet(sheetMods),
    service,
    owners,
    include,
  };
}

/** The report as its page shows it: the photo as addresses, and when it was made. */
export type SaleReportView = Omit<SaleReport, "cover"> & { photo: { src: string; srcSet: string } | null; madeAt: string };

export function saleReportView(report: SaleReport, now = new Date()): SaleReportView {
  const { cover, ...rest } = report;
  const photo = cover ? { src: mediaUrl(cover.path), srcSet: srcSetFor(cover.path, cover.variants, cover.width) } : null;
  return { ...rest, photo, madeAt: now.toISOString() };
}
