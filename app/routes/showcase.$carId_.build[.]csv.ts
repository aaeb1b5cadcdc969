// GET /showcase/{carId}/build.csv: the car's build sheet as a spreadsheet file, for anyone,
// showing what the public sees on the showcase (costs only where the owner shows them).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildSheetCsv } from "~/lib/server/build-csv.server";
import { carFileName } from "~/lib/rules/file-names";
import { parseId } from "~/lib/ids";
import { getCarBuild } from "~/models/build-sheet.server";
import { errorResponse } from "~/lib/server/form-reply.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const carId = parseId(params.carId);
  const build = carId === null ? null : await getCarBuild(carId);
  if (!build) return errorResponse(404, "Car not found", { "Cache-Control": "no-store" });
  return new Response(buildSheetCsv(build.mods), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${carFileName(build.car, "build.csv")}"`,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
