// A person's garage: one card per car, linking to its showcase. On someone else's page
// each card has a follow button with the car's follower count.
import { Link } from "~/components/shell/Link";
import { CarFront, Users } from "~/components/icons";
import { FollowButton } from "~/components/follow/FollowButton";
import { showcasePath } from "~/lib/paths";
import type { CarCard } from "~/lib/wire";
import "./profile.css";

export type { CarCard };

function named(car: CarCard) {
  const nickname = car.nickname?.trim();
  return nickname && nickname.toLowerCase() !== "unnamed" ? nickname : null;
}

export function carTitle(car: CarCard) {
  return named(car) ?? `${car.make} ${car.model}`;
}

function subtitle(car: CarCard) {
  return [car.year, named(car) ? `${car.make} ${car.model}` : null, car.trim].filter(Boolean).join(" · ");
}

export function CarCards({ cars, showFollow }: { cars: CarCard[]; showFollow: boolean }) {
  return (
    <ul className="car-cards">
      {cars.map((car) => (
        <li key={car.id} className="car-card card card--interactive">
          <Link to={showcasePath(car.id)} className="car-card__link" prefetch="intent">
            <span className="car-card__media media-frame" style={{ "--ratio": "4 / 3" } as React.CSSProperties}>
              {car.cover ? (
                <img src={car.cover} srcSet={car.coverSrcSet || undefined} sizes="(max-width: 767px) 72vw, 300px" alt="" loading="lazy" decoding="async" />
              ) : (
                <span className="car-card__placeholder" aria-hidden>
                  <CarFront />
                </span>
              )}
            </span>
            <span className="car-card__text">
              <span className="car-card__title">{carTitle(car)}</span>
              <span className="car-card__subtitle">{subtitle(car)}</span>
              {showFollow ? null : (
                <span className="car-card__followers">
                  <Users aria-hidden size={14} />
                  {car.followers} {car.followers === 1 ? "follower" : "followers"}
                </span>
              )}
            </span>
          </Link>
          {showFollow ? (
            <div className="car-card__actions">
              <FollowButton carId={car.id} initialFollowing={car.following} initialCount={car.followers} carName={carTitle(car)} size="sm" />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
