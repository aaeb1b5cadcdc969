// A car in the owner's garage: cover photo, name and specs, counts, and what to do next.
import { Link } from "~/components/shell/Link";
import { CarFront, Gauge, Pencil, Sparkles, Users, Wrench, Images } from "~/components/icons";
import { carName, carSpecLine, realNickname, type CarJson } from "~/lib/rules/cars";
import { carEditPath, carModsPath, carServicePath, showcasePath } from "~/lib/paths";
import { ConfirmDelete } from "./ConfirmDelete";
import { InsuranceBadge } from "./InsuranceBadge";
import { MediaImage, type MediaItem } from "./MediaImage";

export type GarageCarView = CarJson & {
  cover: MediaItem | null;
  modCount: number;
  followerCount: number;
  postCount: number;
};

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** A placeholder cover: the make's initial on a gradient seeded by the car's id. */
export function CarPlaceholder({ car }: { car: Pick<CarJson, "id" | "make"> }) {
  const hue = (car.id * 47) % 360;
  return (
    <div className="car-placeholder" style={{ "--car-hue": hue } as React.CSSProperties} aria-hidden>
      <CarFront className="car-placeholder__icon" />
      <span className="car-placeholder__make">{car.make}</span>
    </div>
  );
}

export function CarCard({ car }: { car: GarageCarView }) {
  const nickname = realNickname(car.nickname);
  return (
    <article className="garage-car card" id={`car-${car.id}`} aria-labelledby={`car-${car.id}-name`}>
      <Link to={showcasePath(car.id)} className="garage-car__cover media-frame" style={{ "--ratio": "16 / 10" } as React.CSSProperties} tabIndex={-1} aria-hidden>
        {car.cover ? <MediaImage media={car.cover} sizes="(max-width: 767px) 100vw, 360px" /> : <CarPlaceholder car={car} />}
        <span className="garage-car__year">{car.year}</span>
      </Link>
      <div className="garage-car__body">
        <h2 className="garage-car__name" id={`car-${car.id}-name`}>
          <Link to={showcasePath(car.id)}>{carName(car)}</Link>
        </h2>
        <p className="garage-car__spec">{nickname ? carSpecLine(car) : carSpecLine({ trim: car.trim, bodystyle: car.bodystyle }) || "No trim or body style yet"}</p>
        <ul className="garage-car__stats" aria-label="Counts">
          <li>
            <Wrench aria-hidden size={14} /> {plural(car.modCount, "mod")}
          </li>
          <li>
            <Users aria-hidden size={14} /> {plural(car.followerCount, "follower")}
          </li>
          <li>
            <Images aria-hidden size={14} /> {plural(car.postCount, "post")}
          </li>
        </ul>
        {car.insurance_expires_at ? <InsuranceBadge expiresAt={car.insurance_expires_at} /> : null}
      </div>
      <div className="garage-car__actions">
        <Link to={carModsPath(car.id)} className="btn btn--primary btn--sm">
          <Wrench aria-hidden size={16} /> Mods
        </Link>
        <Link to={carServicePath(car.id)} className="btn btn--secondary btn--sm">
          <Gauge aria-hidden size={16} /> Service
        </Link>
        <Link to={carEditPath(car.id)} className="btn btn--secondary btn--sm">
          <Pencil aria-hidden size={16} /> Edit
        </Link>
        <Link to={showcasePath(car.id)} className="btn btn--ghost btn--sm garage-car__showcase" aria-label={`Showcase of ${carName(car)}`} title="Showcase">
          <Sparkles aria-hidden size={16} />
          <span className="visually-hidden">{`Showcase of ${carName(car)}`}</span>
        </Link>
        <ConfirmDelete
          compact
          label={`Delete ${carName(car)}`}
          question={`Delete ${carName(car)}? Its mods and followers go too; posts stay.`}
          fields={{ intent: "delete", carId: String(car.id) }}
        />
      </div>
    </article>
  );
}
