// GET /showcase/{carId}/build.csv: the car's build sheet as a spreadsheet file, for anyone,
// showing what the public sees on the showcase (costs only where the owner shows them).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildSheetCsv } from "~/lib/build-csv.server";
import { errorResponse } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import { getCarBuild } from "~/models/build-sheet.server";

/** The file's name: the car in plain letters ("1999-nissan-skyline-build.csv"). */
function fileName(car: { year: number; make: string; model: string }): string {
  const words = `${car.year} ${car.make} ${car.model}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${words || "car"}-build.csv`;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const carId = parseId(params.carId);
  const build = carId === null ? null : await getCarBuild(carId);
  if (!build) return errorResponse(404, "Car not found", { "Cache-Control": "no-store" });
  return new Response(buildSheetCsv(build.mods), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName(build.car)}"`,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
