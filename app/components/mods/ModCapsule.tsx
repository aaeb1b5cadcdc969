// One mod as a capsule: category, name, who made / sold / fitted it, cost when
// present, gains chips, and the description collapsed until clicked, with a hint when it is
// longer than DESCRIPTION_HINT_OVER characters. Works without JavaScript (<details>).
import { useState, type ReactNode } from "react";
import { Link } from "~/components/shell/Link";
import { ChevronDown, Image as ImageIcon, Lock } from "~/components/icons";
import { DESCRIPTION_HINT_OVER } from "~/lib/constants";
import { formatCost } from "~/lib/rules/formats";
import { modTypeLabel, toCents, type ModJson } from "~/lib/rules/cars";
import { postPath } from "~/lib/paths";
import { CategoryIcon } from "./category-icons";
import { GainChips } from "./GainChips";
import { PartLink } from "./PartLink";
import "./mods.css";

export function ModCapsule({
  mod,
  actions,
  ownerView = false,
}: {
  mod: ModJson;
  /** Buttons for the owner (edit, delete). */
  actions?: ReactNode;
  /** Marks costs that only the owner can see. */
  ownerView?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const description = mod.description?.trim() ?? "";
  const long = description.length > DESCRIPTION_HINT_OVER;
  const people = [
    mod.manufacturer ? `by ${mod.manufacturer.name}` : null,
    mod.vendor ? `from ${mod.vendor.name}` : null,
    mod.installer ? `fitted by ${mod.installer.name}` : null,
  ].filter(Boolean);

  return (
    <article className="mod-capsule" data-mod-id={mod.id}>
      <div className="mod-capsule__icon">
        <CategoryIcon category={mod.mod_category} />
      </div>
      <div className="mod-capsule__main">
        <div className="mod-capsule__meta">
          <span className="mod-capsule__meta-icon">
            <CategoryIcon category={mod.mod_category} size={14} />
          </span>
          <span className="mod-capsule__category">{mod.mod_category}</span>
          <span className={`mod-type mod-type--${mod.mod_type}`}>{modTypeLabel(mod.mod_type)}</span>
        </div>
        <h4 className="mod-capsule__name">{mod.model_name}</h4>
        {people.length ? <p className="mod-capsule__people">{people.join(" · ")}</p> : null}
        <GainChips gains={mod.performance_gains} />
        {mod.part ? <PartLink part={mod.part} /> : null}
        {mod.post_id ? (
          <Link to={postPath(mod.post_id)} className="mod-capsule__post">
            <ImageIcon aria-hidden size={14} /> See it in a post
          </Link>
        ) : null}
        {description ? (
          <details className="mod-capsule__description" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
            <summary>
              <span className="mod-capsule__summary-label">{open ? "Hide description" : "Description"}</span>
              {long && !open ? <span className="mod-capsule__hint">Tap to read all {description.length} characters</span> : null}
              <ChevronDown aria-hidden size={16} className="mod-capsule__chevron" />
            </summary>
            <p>{description}</p>
          </details>
        ) : null}
      </div>
      <div className="mod-capsule__side">
        {typeof mod.cost === "number" ? (
          <span className="mod-capsule__cost" title={ownerView && !mod.show_cost ? "Only you can see this cost" : undefined}>
            {ownerView && !mod.show_cost ? <Lock aria-label="Private" size={12} /> : null}
            {formatCost(toCents(mod.cost))}
          </span>
        ) : null}
        {actions ? <div className="mod-capsule__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
