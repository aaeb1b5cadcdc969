// "I'm going": a real form posting to /api/events/{id}/attend, with a picker of your own
// cars. Without JavaScript it carries redirectTo and the server comes back with a toast;
// once hydrated it posts through a fetcher: the count and the button change at once (from
// what is being sent), and go back if the server says no. Visitors get a button that opens
// the login modal.
import { useFetcher } from "@remix-run/react";
import { CalendarCheck, CalendarX, Check, LogIn, Users } from "~/components/icons";
import { useId, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { MemberLink } from "~/components/shell/MemberLink";
import { notify } from "~/components/shell/notify";
import { carName } from "~/lib/rules/cars";
import { errorOf, statusOf, useFetcherSettled } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import { eventPath, apiPaths } from "~/lib/paths";
import type { AttendanceState, PickerCar } from "~/lib/wire";
import { goingText } from "./event-view";

export type { PickerCar };

type Attendance = AttendanceState;

/** The attendance a pending form asks for, shown before the server answers. */
function wantedAttendance(confirmed: Attendance, sent: FormData | undefined): Attendance {
  if (!sent) return confirmed;
  const going = sent.get("going") !== "false";
  const car = sent.get("carId");
  return {
    going,
    going_count: Math.max(0, confirmed.going_count + (going === confirmed.going ? 0 : going ? 1 : -1)),
    car_id: going && typeof car === "string" && car ? Number(car) : null,
  };
}

/** The picked car, back to the page's own whenever that changes (or a post fails). */
function useCarChoice(initialCar: number | null) {
  const confirmed = initialCar ? String(initialCar) : "";
  const [carId, setCarId] = useState(confirmed);
  const [seen, setSeen] = useState(confirmed);
  if (seen !== confirmed) {
    setSeen(confirmed);
    setCarId(confirmed);
  }
  return { carId, setCarId, reset: () => setCarId(confirmed) };
}

/**
 * The going form's fetcher: the attendance to show (what is being sent, else the page's),
 * and the toasts of its answers. The page's data reloads after a success.
 */
function useAttendance(initial: Attendance, onRefused: () => void) {
  const fetcher = useFetcher<Attendance & { error?: string }>();
  useFetcherSettled(
    fetcher,
    (answer) => {
      const error = errorOf(answer);
      if (error === null) {
        notify.success(answer.going ? "You're going" : "You're no longer going");
        return;
      }
      onRefused();
      if (statusOf(answer) === 401) requestLogin();
      notify.error(error);
    },
    { early: true },
  );
  return { Form: fetcher.Form, state: wantedAttendance(initial, fetcher.formData), busy: fetcher.state !== "idle" };
}

export function GoingForm({ eventId, past, initial, cars, signedIn }: { eventId: number; past: boolean; initial: Attendance; cars: PickerCar[]; signedIn: boolean }) {
  const id = useId();
  const hydrated = useHydrated();
  const { carId, setCarId, reset } = useCarChoice(initial.car_id);
  const { Form, state, busy } = useAttendance(initial, reset);
  const here = eventPath(eventId);
  const action = apiPaths.eventAttend(eventId);

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
    <Form method="post" action={action} className="going" data-going={state.going ? "true" : "false"}>
      {count}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
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
    </Form>
  );
}
