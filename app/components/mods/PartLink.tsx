// A mod's link to its shared part page, with "N other cars run this" where the page counted
// them (nothing is said when no other car does).
import { Link } from "~/components/shell/Link";
import type { PartRef } from "~/lib/rules/cars";
import { otherCarsText } from "~/lib/rules/names";
import "~/components/parts/parts.css";

export function PartLink({ part }: { part: PartRef }) {
  const others = part.other_cars === undefined ? null : otherCarsText(part.other_cars);
  return (
    <p className="part-link">
      <Link to={part.href} className="part-link__name">
        {part.name} part page
      </Link>
      {others ? <span className="part-link__others">· {others}</span> : null}
    </p>
  );
}
