// A car's sale report as a page: the car and its photo, every mod, the spending, the service
// log and the owners, with a link and a QR code back to the live showcase. Made to be printed
// (sale-report.css holds the print rules) and read without JavaScript.
import { Form } from "@remix-run/react";
import { ArrowDown, ChevronLeft } from "~/components/icons";
import { CategorySpendTable } from "~/components/showcase/BuildSheet";
import { MonthSpendTable } from "~/components/showcase/SpendChart";
import { carDisplayLine, carSpecLine } from "~/lib/rules/cars";
import { formatCost, shortDate, wholeNumber } from "~/lib/rules/formats";
import { showcasePath } from "~/lib/paths";
import { REPORT_PART_LABELS, REPORT_PARTS, type ReportInclude } from "~/lib/rules/sale-report";
import type { SaleReportView } from "~/lib/wire";
import "./sale-report.css";
import { ColumnHeads } from "~/components/shell/ColumnHeads";

type Props = {
  report: SaleReportView;
  isOwner: boolean;
  showcaseUrl: string;
  qrCode: string;
  pdfHref: string;
};

function gainText(gain: { type: string; amount: number; unit: string }): string {
  return `${gain.amount > 0 ? "+" : ""}${wholeNumber(gain.amount)} ${gain.unit} ${gain.type}`;
}

function Choices({ include }: { include: ReportInclude }) {
  return (
    <Form method="get" className="sale-report__choices no-print" aria-label="What the report includes">
      <input type="hidden" name="choose" value="1" />
      <fieldset>
        <legend>Include</legend>
        {REPORT_PARTS.map((part) => (
          <label key={part} className="sale-report__choice">
            <input type="checkbox" name={part} defaultChecked={include[part]} /> {REPORT_PART_LABELS[part]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--secondary btn--sm">
        Update report
      </button>
    </Form>
  );
}

export function SaleReport({ report, isOwner, showcaseUrl, qrCode, pdfHref }: Props) {
  const { car, include, sheet } = report;
  const title = carDisplayLine(car);
  return (
    <article className="sale-report" data-testid="sale-report">
      <nav className="sale-report__tools no-print" aria-label="Report">
        <a href={showcasePath(car.id)} className="btn btn--ghost btn--sm">
          <ChevronLeft aria-hidden size={18} /> Back to the showcase
        </a>
        <a href={pdfHref} className="btn btn--primary btn--sm" download>
          <ArrowDown aria-hidden size={18} /> Download PDF
        </a>
        <span className="sale-report__print-hint">Print this page for a paper copy.</span>
      </nav>
      {isOwner ? <Choices include={include} /> : null}

      <header className="sale-report__head">
        <div>
          <p className="sale-report__kicker">Sale report</p>
          <h1>{title}</h1>
          <p>{carSpecLine(car)}</p>
          <p>
            Owned by @{report.owner.username} · on the app since {shortDate(car.createdAt)}
          </p>
        </div>
        <div className="sale-report__live">
          <img src={qrCode} width={112} height={112} alt={`QR code for ${showcaseUrl}`} />
          <a href={showcaseUrl}>{showcaseUrl}</a>
        </div>
      </header>
      {report.photo ? (
        <img className="sale-report__photo" src={report.photo.src} srcSet={report.photo.srcSet || undefined} sizes="(max-width: 720px) 100vw, 720px" alt={title} />
      ) : null}

      <section className="sale-report__section" aria-labelledby="report-mods">
        <h2 id="report-mods">Modifications ({report.mods.length})</h2>
        {report.mods.length === 0 ? (
          <p>No modifications listed.</p>
        ) : (
          <table className="sale-report__table">
            <ColumnHeads names={["Date", "Category", "Maker", "Part", include.costs && "Cost", include.gains && "Gains"]} />
            <tbody>
              {report.mods.map((mod) => (
                <tr key={mod.id}>
                  <td>{shortDate(mod.date)}</td>
                  <td>{mod.category}</td>
                  <td>{mod.maker ?? "—"}</td>
                  <td>{mod.part}</td>
                  {include.costs ? <td>{mod.costCents === null ? "Not shown" : formatCost(mod.costCents)}</td> : null}
                  {include.gains ? <td>{mod.gains.length ? mod.gains.map(gainText).join(", ") : "—"}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {include.spending ? (
        <section className="sale-report__section" aria-labelledby="report-spending">
          <h2 id="report-spending">Spending</h2>
          <p>{`${formatCost(sheet.shownTotalCents)} shown across ${sheet.costedCount} of ${sheet.modCount} modifications.`}</p>
          {sheet.byCategory.length ? <CategorySpendTable rows={sheet.byCategory} className="sale-report__table" caption="By category" /> : null}
          {sheet.spendByMonth.length ? (
            <MonthSpendTable series={sheet.spendByMonth.filter((row) => row.cents > 0)} className="sale-report__table" caption="Over time" />
          ) : null}
        </section>
      ) : null}

      {include.service ? (
        <section className="sale-report__section" aria-labelledby="report-service">
          <h2 id="report-service">Service log</h2>
          {report.service.length === 0 ? (
            <p>No service entries.</p>
          ) : (
            <table className="sale-report__table">
              <ColumnHeads names={["Date", "Work", "Mileage", "Cost", "Notes"]} />
              <tbody>
                {report.service.map((entry) => (
                  <tr key={entry.id}>
                    <td>{shortDate(entry.performed_on)}</td>
                    <td>{entry.kind_label}</td>
                    <td>{`${wholeNumber(entry.mileage)} ${entry.mileage_unit}`}</td>
                    <td>{entry.cost_cents === null ? "—" : formatCost(entry.cost_cents)}</td>
                    <td>{entry.notes ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}

      {include.owners ? (
        <section className="sale-report__section" aria-labelledby="report-owners">
          <h2 id="report-owners">Ownership history</h2>
          <ol className="sale-report__owners">
            {report.owners.map((owner, index) => (
              <li key={`${owner.from}-${index}`}>
                {owner.username ? `@${owner.username}` : "A former member"}: {shortDate(owner.from)} – {owner.to ? shortDate(owner.to) : "today"} · {owner.mod_count}{" "}
                modifications{include.costs && owner.shown_cents ? `, ${formatCost(owner.shown_cents)} shown` : ""}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <footer className="sale-report__foot">Costs appear only where the owner shows them. Made on {shortDate(report.madeAt)}.</footer>
    </article>
  );
}
