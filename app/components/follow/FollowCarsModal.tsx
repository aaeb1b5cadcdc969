// The 'Follow Cars' modal of the Grams feed: a post with several cars lets the
// viewer pick which to follow. At least one selection; 'Following...' while it works;
// the alert 'Failed to follow some cars' when any of them fails. Each car posts to its own
// follow action through its own fetcher, all at once.
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "@remix-run/react";
import { useReturnFocus } from "~/components/shell/focus";
import { Check, X } from "~/components/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcherSettled } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import { useOptionalUser } from "~/lib/client/user";
import type { FollowAnswer } from "./useFollowToggle";
import { apiPaths } from "~/lib/paths";
import "./follow.css";

export const FOLLOW_SOME_FAILED = "Failed to follow some cars";

export type FollowableCar = {
  id: number;
  make: string;
  model: string;
  year?: number | null;
  trim?: string | null;
  bodystyle?: string | null;
  nickname?: string | null;
  /** Already followed: shown ticked and not sent again. */
  following?: boolean;
  /** The car's own photo, when the page knows it: shown beside its name. */
  cover?: string | null;
  coverSrcSet?: string | null;
};

function hasNickname(car: FollowableCar) {
  const nickname = car.nickname?.trim();
  return Boolean(nickname && nickname.toLowerCase() !== "unnamed");
}

function carDescription(car: FollowableCar) {
  return [car.year, car.make, car.model, car.trim].filter(Boolean).join(" ");
}

/** One sending of the selected cars: `id` tells a new sending from the last. */
type Round = { id: number; carIds: number[] };

/**
 * Sends the selection and waits for every car's answer, then calls `onFinish` with the ids
 * that are now followed and whether any failed.
 */
function useFollowRound(onFinish: (followed: number[], anyFailed: boolean) => void) {
  const [round, setRound] = useState<Round | null>(null);
  const [results, setResults] = useState<ReadonlyMap<number, boolean>>(new Map());
  const finish = useRef(onFinish);
  finish.current = onFinish;

  const start = useCallback((carIds: number[]) => {
    setResults(new Map());
    setRound((last) => ({ id: (last?.id ?? 0) + 1, carIds }));
  }, []);
  const report = useCallback((carId: number, ok: boolean) => setResults((current) => new Map(current).set(carId, ok)), []);

  useEffect(() => {
    if (!round || round.carIds.some((id) => !results.has(id))) return;
    const followed = round.carIds.filter((id) => results.get(id));
    setRound(null);
    finish.current(followed, followed.length < round.carIds.length);
  }, [round, results]);

  return { round, busy: round !== null, start, report };
}

/** A car to tick; while its round runs, it posts its own follow and reports the answer. */
function CarOption({
  car,
  checked,
  disabled,
  onToggle,
  round,
  onResult,
}: {
  car: FollowableCar;
  checked: boolean;
  disabled: boolean;
  onToggle: (id: number) => void;
  round: Round | null;
  onResult: (carId: number, ok: boolean) => void;
}) {
  const fetcher = useFetcher<FollowAnswer>();
  const { submit } = fetcher;
  const sendIn = round?.carIds.includes(car.id) ? round.id : null;
  useEffect(() => {
    if (sendIn !== null) submit({ following: "true" }, { method: "post", action: apiPaths.carFollow(car.id) });
  }, [sendIn, submit, car.id]);
  useFetcherSettled(fetcher, (answer) => onResult(car.id, answer.following === true), { early: true });

  return (
    <li>
      <label className="follow-modal__car" data-checked={checked ? "true" : "false"}>
        <input type="checkbox" name="carIds" value={car.id} checked={checked} disabled={disabled} onChange={() => onToggle(car.id)} />
        <span className="follow-modal__tick" aria-hidden>
          <Check />
        </span>
        {car.cover ? (
          <img className="follow-modal__car-photo" src={car.cover} srcSet={car.coverSrcSet || undefined} sizes="48px" alt="" loading="lazy" decoding="async" />
        ) : null}
        <span className="follow-modal__car-text">
          <span className="follow-modal__car-name">{hasNickname(car) ? car.nickname : carDescription(car) || "Unknown Vehicle"}</span>
          <span className="follow-modal__car-meta">
            {hasNickname(car) ? carDescription(car) : (car.bodystyle ?? "")}
            {car.following ? <span className="chip">Following</span> : null}
          </span>
        </span>
      </label>
    </li>
  );
}

export function FollowCarsModal({
  cars,
  open,
  onClose,
  onFollowed,
}: {
  cars: FollowableCar[];
  open: boolean;
  onClose: () => void;
  /** The ids that are now followed. */
  onFollowed?: (carIds: number[]) => void;
}) {
  const viewer = useOptionalUser();
  // Focus goes back to whatever opened it (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(open && Boolean(viewer));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { round, busy, start, report } = useFollowRound((followed, anyFailed) => {
    if (followed.length > 0) onFollowed?.(followed);
    if (anyFailed) window.alert(FOLLOW_SOME_FAILED);
    onClose();
  });

  // Every opening starts with nothing selected.
  useEffect(() => {
    if (open) setSelected(new Set());
  }, [open]);

  // A visitor is sent to the login modal instead.
  useEffect(() => {
    if (open && !viewer) {
      onClose();
      requestLogin();
    }
  }, [open, viewer, onClose]);

  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const count = selected.size;
  return (
    <Dialog.Root open={open && Boolean(viewer)} onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="follow-modal__overlay" />
        <Dialog.Content className="follow-modal" aria-describedby="follow-cars-description" onCloseAutoFocus={returnFocus}>
          <div className="follow-modal__head">
            <Dialog.Title className="follow-modal__title">Follow Cars</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close" disabled={busy}>
              <X aria-hidden />
            </Dialog.Close>
          </div>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (count > 0 && !busy) start([...selected]);
            }}
          >
            <Dialog.Description id="follow-cars-description" className="follow-modal__text">
              Select which cars you'd like to follow:
            </Dialog.Description>
            <ul className="follow-modal__list">
              {cars.map((car) => (
                <CarOption
                  key={car.id}
                  car={car}
                  checked={Boolean(car.following) || selected.has(car.id)}
                  disabled={Boolean(car.following) || busy}
                  onToggle={toggle}
                  round={round}
                  onResult={report}
                />
              ))}
            </ul>
            <div className="follow-modal__actions">
              <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn btn--primary" disabled={count === 0 || busy} aria-busy={busy}>
                {busy ? "Following..." : `Follow ${count} Car(s)`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
