// The car's service entries on the showcase's build timeline: newest first, each dated, with
// the odometer reading, what was done and the notes. A cost shows when its entry shows it;
// the owner also sees the costs only they may see, marked as such (others get none: the
// server leaves them out). Plain markup: it works without JavaScript.
import { Lock, Wrench } from "~/components/icons";
import { formatCost, shortDate, wholeNumber } from "~/lib/rules/formats";
import type { ServiceEntryView } from "./ServiceLog";
import "./service-timeline.css";

export type ServiceTimelineEntry = ServiceEntryView & { show_cost: boolean };

export const SERVICE_TIMELINE_TEXT = {
  title: "Service",
  more: (shown: number) => `Newest ${shown} entries shown`,
  privateCost: "Only you see this cost",
} as const;

export function ServiceTimeline({ entries, more, ownerView }: { entries: readonly ServiceTimelineEntry[]; more: boolean; ownerView: boolean }) {
  if (entries.length === 0) return null;
  return (
    <div className="service-timeline" data-testid="service-timeline">
      <div className="showcase-section__head">
        <h3 id="service-timeline-title" className="build-timeline__name">
          {SERVICE_TIMELINE_TEXT.title}
        </h3>
        {more ? <p className="showcase-section__meta">{SERVICE_TIMELINE_TEXT.more(entries.length)}</p> : null}
      </div>
      <ol className="build-timeline__mods" aria-labelledby="service-timeline-title">
        {entries.map((entry) => (
          <li key={entry.id} className="build-timeline__mod" data-testid="service-timeline-entry">
            <span className="build-timeline__marker" aria-hidden>
              <Wrench size={16} />
            </span>
            <div className="build-timeline__body">
              <p className="service-timeline__head">
                <strong>{entry.kind_label}</strong>
                <time dateTime={entry.performed_on}>{shortDate(`${entry.performed_on}T00:00:00.000Z`)}</time>
              </p>
              <p className="build-timeline__meta service-timeline__facts">
                <span>
                  {wholeNumber(entry.mileage)} {entry.mileage_unit}
                </span>
                {entry.cost_cents !== null ? (
                  <span title={ownerView && !entry.show_cost ? SERVICE_TIMELINE_TEXT.privateCost : undefined}>
                    {ownerView && !entry.show_cost ? (
                      <>
                        <Lock aria-hidden size={12} /> <span className="visually-hidden">{SERVICE_TIMELINE_TEXT.privateCost}:</span>
                      </>
                    ) : null}{" "}
                    {formatCost(entry.cost_cents)}
                  </span>
                ) : null}
              </p>
              {entry.notes ? <p className="service-timeline__notes">{entry.notes}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
