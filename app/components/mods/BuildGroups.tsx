// Mods grouped by build, each group with its visible cost total and summed gains.
import type { ReactNode } from "react";
import { Layers } from "~/components/icons";
import { formatCost } from "~/lib/rules/formats";
import { NO_BUILD_LABEL, groupModsByBuild, type ModJson } from "~/lib/rules/cars";
import { modAnchorId } from "~/lib/rules/post-mods";
import { GainChips } from "./GainChips";
import { ModCapsule } from "./ModCapsule";

export function BuildGroups({
  mods,
  ownerView = false,
  actionsFor,
  headingLevel = 3,
}: {
  mods: readonly ModJson[];
  ownerView?: boolean;
  actionsFor?: (mod: ModJson) => ReactNode;
  headingLevel?: 2 | 3;
}) {
  const groups = groupModsByBuild(mods);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const onlyUngrouped = groups.length === 1 && groups[0].build === null;
  return (
    <div className="build-groups">
      {groups.map((group) => (
        <section key={group.build?.id ?? "none"} className="build-group" aria-label={group.build?.name ?? NO_BUILD_LABEL}>
          {onlyUngrouped ? null : (
            <header className="build-group__header">
              <Heading className="build-group__title">
                <Layers aria-hidden size={18} />
                {group.build?.name ?? NO_BUILD_LABEL}
                <span className="build-group__count">{group.mods.length}</span>
              </Heading>
              {group.costedCount > 0 ? <span className="build-group__cost">{formatCost(group.costCents)}</span> : null}
            </header>
          )}
          {!onlyUngrouped && group.gains.length ? (
            <div className="build-group__gains">
              <GainChips gains={group.gains} />
            </div>
          ) : null}
          <ul className="build-group__mods">
            {group.mods.map((mod) => (
              <li key={mod.id} id={modAnchorId(mod.id)}>
                <ModCapsule mod={mod} ownerView={ownerView} actions={actionsFor?.(mod)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
