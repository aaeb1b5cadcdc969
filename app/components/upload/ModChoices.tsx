// The upload form's "Mods in this post": checkboxes (`modIds`) grouped by car. Without
// JavaScript it lists the mods of all the member's cars, as the server rendered them, and
// says that only mods of the ticked cars are kept (the server refuses the others). With
// JavaScript it follows the ticked cars: each car's mods are read from
// GET /api/cars/{id}/mods the first time the car is ticked; what the page was rendered with
// shows until then. A mod stays ticked when its car is unticked and ticked again.
import { Link } from "~/components/shell/Link";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Check, Loader2, Wrench } from "~/components/icons";
import { useFetcherRead } from "~/lib/client/fetcher-answer";
import type { ModJson } from "~/lib/rules/cars";
import { carModsPath, apiPaths } from "~/lib/paths";
import { modTitle, taggedModOf, type TaggedMod } from "~/lib/rules/post-mods";

export const MOD_CHOICE_TEXT = {
  title: "Mods in this post",
  pickCar: "Tick a car above to tag the mods this post shows.",
  noScript: "Only mods of the cars you tick above are kept.",
  none: "No mods on this car yet.",
  noneAtAll: "Your cars have no mods yet.",
  addMods: "Add mods",
  loading: "Loading mods…",
  failed: "Could not load this car's mods.",
} as const;

type Car = { id: number; line: string };

/** Mods by car, in the order given. */
function byCar(mods: readonly TaggedMod[]): Map<number, TaggedMod[]> {
  const groups = new Map<number, TaggedMod[]>();
  for (const mod of mods) groups.set(mod.carId, [...(groups.get(mod.carId) ?? []), mod]);
  return groups;
}

/** The mods of the ticked cars, each car read once through a fetcher. */
function useCarMods(rendered: readonly TaggedMod[], carIds: readonly number[]) {
  const read = useFetcherRead();
  const [known, setKnown] = useState(() => byCar(rendered));
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const next = carIds.find((id) => !fresh.has(id) && !failed.has(id));

  useEffect(() => {
    if (next === undefined) return;
    const controller = new AbortController();
    read(apiPaths.carMods(next), controller.signal).then(
      (answer) => {
        const mods = (answer as { mods?: unknown } | undefined)?.mods;
        if (Array.isArray(mods)) {
          setKnown((current) => new Map(current).set(next, (mods as ModJson[]).map(taggedModOf)));
          setFresh((current) => new Set(current).add(next));
        } else {
          setFailed((current) => new Set(current).add(next));
        }
      },
      // Cancelled: the ticked cars changed, and the next read starts from there.
      () => undefined,
    );
    return () => controller.abort();
  }, [next, read]);

  return { known, loading: (carId: number) => !fresh.has(carId) && !failed.has(carId), failed: (carId: number) => failed.has(carId) };
}

function ModBox({ mod, checked, onToggle }: { mod: TaggedMod; checked: boolean; onToggle?: (id: number, on: boolean) => void }) {
  return (
    <label className="choice choice--mod">
      <input type="checkbox" name="modIds" value={mod.id} defaultChecked={checked} onChange={(event) => onToggle?.(mod.id, event.currentTarget.checked)} />
      <span className="choice__box" aria-hidden>
        <Check />
      </span>
      <span className="choice__text">
        <span className="choice__title">{modTitle(mod)}</span>
        <span className="choice__sub">{mod.category}</span>
      </span>
    </label>
  );
}

function CarGroup({ car, children }: { car: Car; children: ReactNode }) {
  return (
    <fieldset className="upload-mods__car" data-car-id={car.id}>
      <legend className="upload-mods__car-title">{car.line}</legend>
      {children}
    </fieldset>
  );
}

function NoMods({ carId }: { carId: number }) {
  return (
    <p className="upload-hint">
      {MOD_CHOICE_TEXT.none} <Link to={carModsPath(carId)}>{MOD_CHOICE_TEXT.addMods}</Link>
    </p>
  );
}

/** Every car with its mods, as the server rendered them (no JavaScript). */
function AllCars({ cars, mods, chosen }: { cars: readonly Car[]; mods: readonly TaggedMod[]; chosen: ReadonlySet<number> }) {
  const groups = byCar(mods);
  const withMods = cars.filter((car) => groups.has(car.id));
  if (withMods.length === 0) return <p className="upload-hint">{MOD_CHOICE_TEXT.noneAtAll}</p>;
  return (
    <>
      <p className="upload-hint">{MOD_CHOICE_TEXT.noScript}</p>
      {withMods.map((car) => (
        <CarGroup key={car.id} car={car}>
          <div className="upload-mods__list">
            {groups.get(car.id)!.map((mod) => (
              <ModBox key={mod.id} mod={mod} checked={chosen.has(mod.id)} />
            ))}
          </div>
        </CarGroup>
      ))}
    </>
  );
}

/** The ticked cars' mods, kept up to date by fetcher reads. */
function TickedCars({
  cars,
  mods,
  carIds,
  chosen,
  onToggle,
}: {
  cars: readonly Car[];
  mods: readonly TaggedMod[];
  carIds: readonly number[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { known, loading, failed } = useCarMods(mods, carIds);
  const ticked = cars.filter((car) => carIds.includes(car.id));
  if (ticked.length === 0) return <p className="upload-hint">{MOD_CHOICE_TEXT.pickCar}</p>;
  return (
    <>
      {ticked.map((car) => {
        const list = known.get(car.id);
        return (
          <CarGroup key={car.id} car={car}>
            {list && list.length > 0 ? (
              <div className="upload-mods__list">
                {list.map((mod) => (
                  <ModBox key={mod.id} mod={mod} checked={chosen.has(mod.id)} onToggle={onToggle} />
                ))}
              </div>
            ) : loading(car.id) ? (
              <p className="upload-hint" role="status">
                <Loader2 aria-hidden size={14} className="spin" /> {MOD_CHOICE_TEXT.loading}
              </p>
            ) : failed(car.id) && !list ? (
              <p className="upload-hint" role="alert">
                {MOD_CHOICE_TEXT.failed}
              </p>
            ) : (
              <NoMods carId={car.id} />
            )}
          </CarGroup>
        );
      })}
    </>
  );
}

export function ModChoices({
  cars,
  mods,
  carIds,
  defaultModIds = [],
  enhanced,
}: {
  cars: readonly Car[];
  /** The mods of all the member's cars, as the page was rendered. */
  mods: readonly TaggedMod[];
  /** The ticked cars (followed only when `enhanced`). */
  carIds: readonly number[];
  defaultModIds?: readonly number[];
  /** JavaScript runs: follow the ticked cars. */
  enhanced: boolean;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(defaultModIds));
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setChosen((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  if (cars.length === 0) return null;
  return (
    <fieldset className="upload-section upload-mods" data-testid="upload-mods">
      <legend className="upload-section__title">
        <Wrench aria-hidden /> {MOD_CHOICE_TEXT.title} <span className="upload-section__optional">optional</span>
      </legend>
      {enhanced ? <TickedCars cars={cars} mods={mods} carIds={carIds} chosen={chosen} onToggle={toggle} /> : <AllCars cars={cars} mods={mods} chosen={chosen} />}
    </fieldset>
  );
}
