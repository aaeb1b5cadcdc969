// The forum-safe view of a car's build (/embed/car/{carId}): plain markup that works with no
// JavaScript (the route ships none). The car's photo, its name and spec, the build sheet's
// figures (mods, shown spend, gains) and its mods with the costs the owner shows; every link
// opens the app in a new tab. Text lines never wrap (long ones end in an ellipsis), so the
// frame's height is known in advance (~/lib/rules/car-embed). Icons are inline; its stylesheets
// are embed.css and embed-car.css, which the route links.
import { CarFront, ExternalLink } from "~/components/icons/inline";
import { Avatar } from "~/components/shell/Avatar";
import { Logo } from "~/components/shell/Logo";
import { SITE_NAME } from "~/lib/rules/brand";
import { formatCost } from "~/lib/rules/formats";
import { carName, carSpecLine, formatGainAmount, type CarLike } from "~/lib/rules/cars";
import type { BuildSheet, SheetMod } from "~/lib/rules/build-sheet";
import { CAR_EMBED_MODS } from "~/lib/rules/car-embed";
import { showcasePath, userPath } from "~/lib/paths";
import { SheetFigures } from "./SheetFigures";

export type EmbedCarProps = {
  car: CarLike & { id: number };
  owner: { username: string; profileImage: string | null };
  photo: { src: string; srcSet: string; width: number | null; height: number | null } | null;
  sheet: BuildSheet;
  mods: SheetMod[];
  origin: string;
};

function gainLabel(type: string) {
  const clean = type.trim();
  return clean ? clean.charAt(0).toUpperCase() + clean.slice(1) : "";
}

export function EmbedCar({ car, owner, photo, sheet, mods, origin }: EmbedCarProps) {
  const base = origin.replace(/\/+$/, "");
  const newTab = { target: "_blank", rel: "noopener" } as const;
  const showcase = `${base}${showcasePath(car.id)}`;
  const name = carName(car);
  const spec = carSpecLine(car);
  const listed = mods.slice(0, CAR_EMBED_MODS);
  const more = mods.length - listed.length;

  return (
    <article className="embed embed-car" data-testid="embed-car" data-car-id={car.id}>
      <header className="embed__header">
        <a href={`${base}${userPath(owner.username)}`} {...newTab} className="embed__who">
          <Avatar name={owner.username} image={owner.profileImage} size={36} />
          <span className="embed__who-text">
            <span className="embed__user">@{owner.username}</span>
            <span className="embed__time">Build sheet</span>
          </span>
        </a>
        <a href={`${base}/`} {...newTab} className="embed__brand" aria-label={`Open ${SITE_NAME}`}>
          <Logo compact />
        </a>
      </header>

      {photo ? (
        <div className="embed-car__photo">
          <img
            className="embed__item"
            src={photo.src}
            srcSet={photo.srcSet || undefined}
            sizes="(min-width: 600px) 600px, 100vw"
            alt={name}
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
          />
        </div>
      ) : (
        <div className="embed__placeholder">
          <CarFront aria-hidden className="embed-car__placeholder-icon" />
        </div>
      )}

      <div className="embed__body">
        <h1 className="embed-car__title">
          <a href={showcase} {...newTab}>
            {name}
          </a>
        </h1>
        {spec && spec !== name ? <p className="embed-car__line embed-car__spec">{spec}</p> : null}

        <SheetFigures sheet={sheet} className="embed-car__stats" />

        {sheet.gains.length ? (
          <ul className="embed-car__gains" aria-label="Total gains">
            {sheet.gains.map((gain) => (
              <li key={`${gain.type}|${gain.unit}`}>
                {gainLabel(gain.type)} <strong>{formatGainAmount(gain)}</strong>
              </li>
            ))}
          </ul>
        ) : null}

        {listed.length ? (
          <ul className="embed-car__mods" aria-label="Mods">
            {listed.map((mod) => (
              <li key={mod.id} className="embed-car__line">
                <span className="embed-car__category">{mod.category}</span> {mod.name}
                {mod.shownCostCents !== null ? <span className="embed-car__cost"> · {formatCost(mod.shownCostCents)}</span> : null}
              </li>
            ))}
            {more > 0 ? (
              <li className="embed-car__line embed-car__more">
                and {more} more {more === 1 ? "mod" : "mods"}
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="embed-car__line embed-car__more">No mods listed yet.</p>
        )}

        <div className="embed__footer">
          <a href={showcase} {...newTab} className="embed__cta">
            See the build on {SITE_NAME} <ExternalLink aria-hidden size={16} />
          </a>
        </div>
      </div>
    </article>
  );
}
