// A car's sale report: the car, its cover picture, every mod (date, maker, part, cost where
// the owner shows it, gains), the build sheet's totals, the service log and the owners, as
// anyone who can see the showcase may see them. A cost the owner keeps private never leaves
// this module, not even for the owner: the report is the public record handed to a buyer.
// The work is bounded: a car's mods (CAR_MOD_LIMIT), its service entries (MAX_SERVICE_ENTRIES)
// and owners are each read by one capped query.
import { mediaUrl, srcSetFor } from "~/lib/media/media-types";
import { buildSheet } from "~/lib/rules/build-sheet";
import type { ReportInclude } from "~/lib/rules/sale-report";
import { readCarBuild, sheetMod, type CarCover } from "~/models/build-sheet.server";
import { ownershipHistory } from "~/models/car-handover.server";
import { listServiceEntries } from "~/models/service-log.server";
import type { ReportMod, SaleReportView } from "~/lib/wire";

/** The report before its photo becomes addresses: the cover as stored. */
export type SaleReport = Omit<SaleReportView, "photo" | "madeAt"> & { cover: CarCover | null };

/** The report of a car with what `include` asks for; null when there is no such car to show. */
export async function getSaleReport(carId: number, include: ReportInclude): Promise<SaleReport | null> {
  // The build sheet's own reading: a car whose owner deleted the account has none, so no report.
  const build = await readCarBuild(carId);
  if (!build) return null;
  const { car: row, owner, rows, cover } = build;
  const [service, owners] = await Promise.all([
    include.service ? listServiceEntries(carId, { owner: false }) : Promise.resolve([]),
    include.owners ? ownershipHistory(carId) : Promise.resolve([]),
  ]);
  const sheetMods = rows.map(sheetMod);
  const mods = rows.map((mod, index): ReportMod => ({
    id: mod.id,
    date: mod.createdAt.toISOString(),
    category: mod.category,
    maker: mod.manufacturer?.name ?? null,
    part: mod.modelName,
    costCents: include.costs ? sheetMods[index].shownCostCents : null,
    gains: include.gains ? sheetMods[index].gains : [],
  }));
  const { createdAt, updatedAt: _updatedAt, ...car } = row;
  return {
    car: { ...car, createdAt: createdAt.toISOString() },
    owner: { username: owner.username, nickname: owner.nickname },
    cover,
    mods,
    sheet: buildSheet(sheetMods),
    service,
    owners,
    include,
  };
}

export function saleReportView(report: SaleReport, now = new Date()): SaleReportView {
  const { cover, ...rest } = report;
  const photo = cover ? { src: mediaUrl(cover.path), srcSet: srcSetFor(cover.path, cover.variants, cover.width) } : null;
  return { ...rest, photo, madeAt: now.toISOString() };
}
