// GET /showcase/{carId}/report.pdf: the car's sale report as a PDF file, with the same choices
// as the page (its query string) and a QR code back to the live showcase.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/lib/server/env.server";
import { parseId } from "~/lib/ids";
import { carFileName } from "~/lib/rules/file-names";
import { parseReportInclude } from "~/lib/rules/sale-report";
import { showcasePath } from "~/lib/paths";
import { getSaleReport } from "~/models/sale-report.server";
import { saleReportPdf } from "~/models/sale-report-pdf.server";
import { errorResponse } from "~/lib/server/form-reply.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const carId = parseId(params.carId);
  const include = parseReportInclude(new URL(request.url).searchParams);
  if (!include) return errorResponse(400, "That is not a choice the report offers", { "Cache-Control": "no-store" });
  const report = carId === null ? null : await getSaleReport(carId, include);
  if (!report) return errorResponse(404, "Car not found", { "Cache-Control": "no-store" });
  const pdf = await saleReportPdf(report, `${publicOrigin(request)}${showcasePath(report.car.id)}`);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${carFileName(report.car, "sale-report.pdf")}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
