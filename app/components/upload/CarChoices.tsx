// The "Cars" section of the upload and post-edit forms: a checkbox (`carIds`) a car, or a
// note when the member has none. It tells the form which cars are ticked whenever that
// changes, and once on load, so that boxes ticked before the page's JavaScript ran count too.
import { useEffect, useRef, type ReactNode } from "react";
import { CarFront, Check } from "~/components/icons";

/** The ids of the ticked car boxes inside `root`. */
function tickedCars(root: HTMLElement): number[] {
  return [...root.querySelectorAll<HTMLInputElement>('input[name="carIds"]:checked')].map((input) => Number(input.value));
}

export function CarChoices({
  cars,
  defaultCarIds,
  empty,
  onTicked,
}: {
  cars: ReadonlyArray<{ id: number; line: string }>;
  defaultCarIds: readonly number[];
  /** What shows in place of the boxes when the member has no car. */
  empty: ReactNode;
  onTicked: (carIds: number[]) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (listRef.current) onTicked(tickedCars(listRef.current));
    // Only on load: later changes come through the boxes' change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <fieldset className="upload-section">
      <legend className="upload-section__title">
        <CarFront aria-hidden /> Cars
      </legend>
      {cars.length === 0 ? (
        empty
      ) : (
        <div className="upload-cars" ref={listRef} onChange={(event) => onTicked(tickedCars(event.currentTarget))}>
          {cars.map((car) => (
            <label key={car.id} className="choice choice--car">
              <input type="checkbox" name="carIds" value={car.id} defaultChecked={defaultCarIds.includes(car.id)} />
              <span className="choice__box" aria-hidden>
                <Check />
              </span>
              <span className="choice__text">{car.line}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
