// A car's owners in order, each with their dates (from–to) and the mods fitted in their time
// with the money shown; a mark between two owners says when the car changed hands.
import { Link } from "~/components/shell/Link";
import { KeyRound, Users } from "~/components/icons";
import { formatCost, shortDate } from "~/lib/rules/formats";
import { CHANGED_HANDS, type OwnershipJson } from "~/lib/rules/handover";
import { userPath } from "~/lib/paths";
import "./handover.css";

function modsLine(owner: OwnershipJson): string {
  const mods = `${owner.mod_count} ${owner.mod_count === 1 ? "mod" : "mods"} fitted`;
  return owner.shown_cents > 0 ? `${mods}, ${formatCost(owner.shown_cents)} shown` : mods;
}

function OwnerName({ owner }: { owner: OwnershipJson }) {
  if (!owner.username) return <span className="ownership__name">A former member</span>;
  return (
    <Link to={userPath(owner.username)} className="ownership__name">
      @{owner.username}
    </Link>
  );
}

export function OwnershipHistory({ owners }: { owners: readonly OwnershipJson[] }) {
  if (owners.length === 0) return null;
  return (
    <section className="ownership card" aria-labelledby="ownership-title" data-testid="ownership-history">
      <h2 id="ownership-title" className="showcase-section__title">
        <Users aria-hidden size={20} /> Owners
      </h2>
      <ol className="ownership__list">
        {owners.map((owner, index) => (
          <li key={`${owner.from}-${index}`} className="ownership__owner">
            {index > 0 ? (
              <p className="ownership__handover" data-testid="handover-mark">
                <KeyRound aria-hidden size={14} /> {CHANGED_HANDS} <time dateTime={owner.from}>{shortDate(owner.from)}</time>
              </p>
            ) : null}
            <p className="ownership__who">
              <OwnerName owner={owner} />{" "}
              <span className="ownership__dates">
                <time dateTime={owner.from}>{shortDate(owner.from)}</time> – {owner.to ? <time dateTime={owner.to}>{shortDate(owner.to)}</time> : "now"}
              </span>
            </p>
            <p className="ownership__mods">{modsLine(owner)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
