// A member's profile: the cars they used to own, each linking to the car's current page.
import { Link } from "~/components/shell/Link";
import { CarFront } from "~/components/icons";
import { carDisplayLine } from "~/lib/rules/cars";
import { shortDate } from "~/lib/rules/formats";
import type { FormerCarJson } from "~/lib/rules/handover";
import { showcasePath } from "~/lib/paths";
import "./handover.css";

export function FormerCars({ cars }: { cars: readonly FormerCarJson[] }) {
  if (cars.length === 0) return null;
  return (
    <section className="former-cars" aria-labelledby="former-cars-title" data-testid="former-cars">
      <h2 id="former-cars-title" className="former-cars__title">
        Used to own
      </h2>
      <ul className="former-cars__list">
        {cars.map((car) => (
          <li key={car.id}>
            <CarFront aria-hidden size={16} /> <Link to={showcasePath(car.id)}>{carDisplayLine(car)}</Link>{" "}
            <span className="former-cars__meta">
              <time dateTime={car.from}>{shortDate(car.from)}</time> – <time dateTime={car.to}>{shortDate(car.to)}</time>, now @{car.owner_username}’s
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
