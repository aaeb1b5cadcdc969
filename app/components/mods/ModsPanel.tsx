// The 'Modifications' panel: for each car, its heading and its mods as
// capsules. A page rendered on the server passes the mods it loaded (`mods`), so they show
// without JavaScript; otherwise they are fetched from GET /api/cars/{id}/mods. Loading, error
// and empty states have their fixed messages. Used by the Grams feed, posts and anywhere else
// mods are shown.
import { useCallback, useEffect, useState } from "react";
import { Link } from "@remix-run/react";
import { RotateCw, Sparkles, Wrench } from "~/components/icons";
import { carDisplayLine, type CarJson, type CarLike, type ModJson } from "~/lib/cars";
import { ModCapsule } from "./ModCapsule";
import "./mods.css";

export const MODS_MESSAGES = {
  title: "Modifications",
  fetchMods: "Failed to fetch modifications.",
  fetchCar: "Failed to fetch car details.",
  unexpected: "An unexpected error occurred.",
  noVehicles: "No vehicles found for this post.",
  empty: "No modifications for this vehicle",
} as const;

type PanelCar = CarLike & { id: number };

type CarState = {
  car: PanelCar | null;
  carError: string | null;
  mods: ModJson[] | null;
  modsError: string | null;
};

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

function useCarMods(carId: number, known: PanelCar | undefined, loaded: readonly ModJson[] | undefined) {
  const [state, setState] = useState<CarState>({ car: known ?? null, carError: null, mods: loaded ? [...loaded] : null, modsError: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // Mods the page was rendered with are shown as they are; "Try again" fetches them.
    const given = loaded !== undefined && attempt === 0;
    setState({ car: known ?? null, carError: null, mods: given ? [...loaded] : null, modsError: null });
    const live = () => !controller.signal.aborted;

    if (!given) {
      getJson<{ mods: ModJson[] }>(`/api/cars/${carId}/mods`, controller.signal).then(
        (body) => live() && setState((s) => ({ ...s, mods: Array.isArray(body.mods) ? body.mods : [] })),
        () => live() && setState((s) => ({ ...s, modsError: MODS_MESSAGES.fetchMods })),
      );
    }
    if (!known) {
      getJson<{ car: CarJson }>(`/api/cars/${carId}`, controller.signal).then(
        (body) => live() && setState((s) => ({ ...s, car: body.car })),
        () => live() && setState((s) => ({ ...s, carError: MODS_MESSAGES.fetchCar })),
      );
    }
    return () => controller.abort();
    // `known` is compared by id: callers often pass a fresh object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carId, known?.id, attempt, loaded]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

function CarMods({
  carId,
  known,
  loaded,
  showShowcaseLink,
}: {
  carId: number;
  known?: PanelCar;
  loaded?: readonly ModJson[];
  showShowcaseLink: boolean;
}) {
  const { car, carError, mods, modsError, retry } = useCarMods(carId, known, loaded);
  const headingId = `mods-panel-car-${carId}`;
  return (
    <section className="mods-panel__car" aria-labelledby={headingId} aria-busy={mods === null && !modsError}>
      <header className="mods-panel__car-header">
        <h3 className="mods-panel__car-title" id={headingId}>
          {car ? carDisplayLine(car) : carError ? <span className="mods-panel__muted">{carError}</span> : <span className="skeleton mods-panel__title-skeleton" />}
        </h3>
        {showShowcaseLink ? (
          <Link to={`/showcase/${carId}`} className="btn btn--ghost btn--sm mods-panel__showcase">
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
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="mods-skeleton__row">
          <span className="skeleton mods-skeleton__icon" />
          <span className="mods-skeleton__lines">
            <span className="skeleton mods-skeleton__line" />
            <span className="skeleton mods-skeleton__line mods-skeleton__line--short" />
          </span>
        </div>
      ))}
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
        ids.map((id) => (
          <CarMods
            key={id}
            carId={id}
            known={cars?.find((car) => car.id === id)}
            loaded={mods?.[id]}
            showShowcaseLink={showShowcaseLinks}
          />
        ))
      )}
    </section>
  );
}

export { ModCapsule };
