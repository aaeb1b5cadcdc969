// /showcase/{carId}/report: the car's sale report, a printable page for a buyer. Anyone who
// can see the showcase can read it; its owner chooses what it includes (a GET form, so the
// choice is in the address and the PDF link follows it). Costs only where the owner shows them.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import QRCode from "qrcode";
import { SaleReport } from "~/components/sale-report/SaleReport";
import { CarNotFoundPage } from "~/components/showcase/CarNotFound";
import { carDisplayLine } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { requireId } from "~/lib/ids";
import { showcasePath, showcaseReportPdfPath } from "~/lib/paths";
import { parseReportInclude, reportQuery } from "~/lib/rules/sale-report";
import { getUser } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { getSaleReport, saleReportView } from "~/models/sale-report.server";
import { UserError } from "~/lib/user-error";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Sale report: ${carDisplayLine(data.report.car)}` : "Car not found"} · ${APP_TITLE}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    const include = parseReportInclude(new URL(request.url).searchParams);
    if (!include) throw new UserError(400, "That is not a choice the report offers");
    const [report, viewer] = await Promise.all([getSaleReport(carId, include), getUser(request)]);
    if (!report) throw new UserError(404, CAR_MESSAGES.notFound);
    const showcaseUrl = `${publicOrigin(request)}${showcasePath(carId)}`;
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(showcaseUrl, { type: "svg", margin: 1 })).toString("base64")}`;
    return {
      report: saleReportView(report),
      isOwner: viewer !== null && viewer.username === report.owner.username,
      showcaseUrl,
      qrCode,
      pdfHref: `${showcaseReportPdfPath(carId)}${reportQuery(include)}`,
    };
  });
}

export default function SaleReportPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <SaleReport {...data} />
    </div>
  );
}

export function ErrorBoundary() {
  return <CarNotFoundPage message="There's no showcase for this car, so there is no report. It may have been sold, scrapped or deleted by its owner." />;
}
