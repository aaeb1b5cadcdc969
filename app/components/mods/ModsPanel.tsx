// The 'Modifications' panel: for each car, its heading and its mods as
// capsules. A page rendered on the server passes the mods it loaded (`mods`), so they show
// without JavaScript; otherwise fetchers load GET /api/cars/{id}/mods (and the car from
// GET /api/cars/{id} when the caller does not know it). Loading, error
// and empty states have their fixed messages. Used by the Grams feed, posts and anywhere else
// mods are shown.
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { RotateCw, Sparkles, Wrench } from "~/components/icons";
import { carDisplayLine, type CarJson, type CarLike, type ModJson } from "~/lib/rules/cars";
import { showcasePath, apiPaths } from "~/lib/paths";
import { ModCapsule } from "./ModCapsule";
import "./mods.css";
import { SkeletonRows } from "~/components/shell/SkeletonRows";

export const MODS_MESSAGES = {
  title: "Modifications",
  fetchMods: "Failed to fetch modifications.",
  fetchCar: "Failed to fetch car details.",
  unexpected: "An unexpected error occurred.",
  noVehicles: "No vehicles found for this post.",
  empty: "No modifications for this vehicle",
} as const;

type PanelCar = CarLike & { id: number };

/** Loads `url` with a fetcher when `wanted`, again on each new `attempt`; its answer, or undefined. */
function useLoaded<T>(url: string, wanted: boolean, attempt: number) {
  const fetcher = useFetcher<T & { error?: string }>();
  const { load } = fetcher;
  useEffect(() => {
    if (wanted) load(url);
  }, [url, wanted, attempt, load]);
  return { data: wanted ? fetcher.data : undefined, loading: fetcher.state !== "idle" };
}

function useCarMods(carId: number, known: PanelCar | undefined, loaded: readonly ModJson[] | undefined) {
  const [attempt, setAttempt] = useState(0);
  // Mods the page was rendered with are shown as they are; "Try again" loads them.
  const given = loaded !== undefined && attempt === 0;
  const modsAnswer = useLoaded<{ mods?: ModJson[] }>(apiPaths.carMods(carId), !given, attempt);
  const carAnswer = useLoaded<{ car?: CarJson }>(apiPaths.car(carId), !known, 0);

  const fresh = modsAnswer.data && !modsAnswer.loading ? modsAnswer.data : undefined;
  const mods = given ? [...loaded] : fresh ? (Array.isArray(fresh.mods) ? fresh.mods : null) : null;
  const modsError = !given && fresh && !Array.isArray(fresh.mods) ? MODS_MESSAGES.fetchMods : null;
  const car = known ?? carAnswer.data?.car ?? null;
  const carError = !known && carAnswer.data && !carAnswer.data.car ? MODS_MESSAGES.fetchCar : null;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { car, carError, mods, modsError, retry };
}

function CarMods({ carId, known, loaded, showShowcaseLink }: { carId: number; known?: PanelCar; loaded?: readonly ModJson[]; showShowcaseLink: boolean }) {
  const { car, carError, mods, modsError, retry } = useCarMods(carId, known, loaded);
  const headingId = `mods-panel-car-${carId}`;
  return (
    <section className="mods-panel__car" aria-labelledby={headingId} aria-busy={mods === null && !modsError}>
      <header className="mods-panel__car-header">
        <h3 className="mods-panel__car-title" id={headingId}>
          {car ? carDisplayLine(car) : carError ? <span className="mods-panel__muted">{carError}</span> : <span className="skeleton mods-panel__title-skeleton" />}
        </h3>
        {showShowcaseLink ? (
          <Link to={showcasePath(carId)} className="btn btn--ghost btn--sm mods-panel__showcase">
            <Sparkles aria-hidden size={15} /> Showcase
          </Link>
        ) : null}
      </header>
      {modsError ? (
        <div className="mods-panel__error" role="alert">
          <p>{modsError}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={retry}>
            <RotateCw aria-hidden size={15} /> Try again
          </button>
        </div>
      ) : mods === null ? (
        <ModsSkeleton />
      ) : mods.length === 0 ? (
        <p className="mods-panel__empty">
          <Wrench aria-hidden size={18} />
          {MODS_MESSAGES.empty}
        </p>
      ) : (
        <ul className="mods-panel__list">
          {mods.map((mod) => (
            <li key={mod.id}>
              <ModCapsule mod={mod} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ModsSkeleton({ count = 2 }: { count?: number }) {
  return (
    <div className="mods-skeleton" aria-hidden>
      <SkeletonRows count={count} tag="div" item="mods-skeleton__row" avatar="mods-skeleton__icon" body="mods-skeleton__lines" line="mods-skeleton__line" />
      <span className="visually-hidden">Loading modifications</span>
    </div>
  );
}

/**
 * The 'Modifications' panel for one car (`carId`) or several (`carIds`). Pass `cars` when
 * the caller already has their details, to save a request per car, and `mods` (by car id)
 * when it loaded them, so the panel shows them at once (and without JavaScript).
 */
export function ModsPanel({
  carIds,
  carId,
  cars,
  mods,
  title = MODS_MESSAGES.title,
  hideTitle = false,
  showShowcaseLinks = true,
}: {
  carIds?: readonly number[];
  carId?: number;
  cars?: readonly PanelCar[];
  mods?: Readonly<Record<number, readonly ModJson[]>>;
  title?: string;
  hideTitle?: boolean;
  showShowcaseLinks?: boolean;
}) {
  const ids = [...new Set(carIds ?? (carId !== undefined ? [carId] : []))];
  return (
    <section className="mods-panel" aria-label={title}>
      {hideTitle ? null : <h2 className="mods-panel__title">{title}</h2>}
      {ids.length === 0 ? (
        <p className="mods-panel__empty">{MODS_MESSAGES.noVehicles}</p>
      ) : (
        ids.map((id) => <CarMods key={id} carId={id} known={cars?.find((car) => car.id === id)} loaded={mods?.[id]} showShowcaseLink={showShowcaseLinks} />)
      )}
    </section>
  );
}

export { ModCapsule };
