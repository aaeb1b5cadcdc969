// "I'm going": a real form posting to /api/events/{id}/attend, with a picker of your own
// cars. With JavaScript the count and the button change at once, and go back if the
// server says no. Visitors get a button that opens the login modal.
import { useRevalidator } from "@remix-run/react";
import { CalendarCheck, CalendarX, Check, LogIn, Users } from "~/components/icons";
import { useEffect, useId, useState } from "react";
import { formFields, postForm } from "~/components/admin/form-post";
import { useHydrated } from "remix-utils/use-hydrated";
import { MemberLink } from "~/components/shell/MemberLink";
import { notify } from "~/components/shell/notify";
import { carName } from "~/lib/cars";
import { goingText } from "./event-view";

export type PickerCar = { id: number; make: string; model: string; year: number; trim: string | null; nickname: string | null };

type Attendance = { going: boolean; going_count: number; car_id: number | null };

export function GoingForm({
  eventId,
  past,
  initial,
  cars,
  signedIn,
}: {
  eventId: number;
  past: boolean;
  initial: Attendance;
  cars: PickerCar[];
  signedIn: boolean;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [state, setState] = useState<Attendance>(initial);
  const [carId, setCarId] = useState<string>(initial.car_id ? String(initial.car_id) : "");
  const [busy, setBusy] = useState(false);
  const here = `/events/${eventId}`;
  const action = `/api/events/${eventId}/attend`;

  // Fresh page data wins (after a revalidation).
  useEffect(() => {
    setState(initial);
    setCarId(initial.car_id ? String(initial.car_id) : "");
  }, [initial.going, initial.going_count, initial.car_id]); // eslint-disable-line react-hooks/exhaustive-deps

  const count = (
    <p className="going__count" data-testid="going-count">
      <Users aria-hidden size={18} />
      <span>{goingText(state.going_count)}</span>
    </p>
  );

  if (!signedIn) {
    return (
      <div className="going">
        {count}
        {past ? null : (
          <MemberLink to={here} signedIn={false} className="btn btn--primary going__main">
            <LogIn aria-hidden size={18} /> Sign in to say you're going
          </MemberLink>
        )}
      </div>
    );
  }

  if (past && !state.going) {
    return (
      <div className="going">
        {count}
        <p className="going__note">This event has already taken place.</p>
      </div>
    );
  }

  const chosen = cars.find((car) => String(car.id) === carId) ?? null;
  const carChanged = state.going && (state.car_id ? String(state.car_id) : "") !== carId;

  return (
    <form
      method="post"
      action={action}
      className="going"
      data-going={state.going ? "true" : "false"}
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const fields = formFields(event.currentTarget, submitter);
        const wantGoing = fields.get("going") !== "false";
        const before = state;
        // Optimistic: the button and the count move now.
        setState({
          going: wantGoing,
          going_count: Math.max(0, before.going_count + (wantGoing === before.going ? 0 : wantGoing ? 1 : -1)),
          car_id: wantGoing ? (carId ? Number(carId) : null) : null,
        });
        setBusy(true);
        const result = await postForm<Attendance>(action, fields);
        setBusy(false);
        if (!result.ok) {
          setState(before);
          setCarId(before.car_id ? String(before.car_id) : "");
          notify.error(result.error);
          return;
        }
        setState(result.data);
        notify.success(result.data.going ? "You're going" : "You're no longer going");
        revalidator.revalidate();
      }}
    >
      {count}
      <input type="hidden" name="redirectTo" value={here} />
      {cars.length > 0 && !past ? (
        <div className="going__car field">
          <label className="label" htmlFor={`${id}-car`}>
            {state.going ? "Your car" : "Bringing a car?"}
          </label>
          <select id={`${id}-car`} name="carId" className="input going__select" value={carId} onChange={(event) => setCarId(event.target.value)}>
            <option value="">No car, just me</option>
            {cars.map((car) => (
              <option key={car.id} value={String(car.id)}>
                {carName(car)}
                {car.nickname ? ` (${car.year} ${car.make} ${car.model})` : ""}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="going__buttons">
        {state.going ? (
          <>
            <span className="going__status" role="status">
              <Check aria-hidden size={18} /> You're going{chosen && !carChanged ? ` with ${carName(chosen)}` : ""}
            </span>
            {carChanged || (!hydrated && cars.length > 0 && !past) ? (
              <button type="submit" name="going" value="true" className="btn btn--primary" disabled={busy}>
                <CalendarCheck aria-hidden size={18} /> Update car
              </button>
            ) : null}
            <button type="submit" name="going" value="false" className="btn btn--secondary" disabled={busy}>
              <CalendarX aria-hidden size={18} /> {past ? "I didn't go" : "Can't make it"}
            </button>
          </>
        ) : (
          <button type="submit" name="going" value="true" className="btn btn--primary going__main" disabled={busy}>
            <CalendarCheck aria-hidden size={18} /> I'm going
          </button>
        )}
      </div>
    </form>
  );
}
