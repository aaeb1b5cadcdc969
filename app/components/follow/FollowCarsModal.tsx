// The 'Follow Cars' modal of the Grams feed: a post with several cars lets the
// viewer pick which to follow. At least one selection; 'Following...' while it works;
// the alert 'Failed to follow some cars' when any of them fails.
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { Check, X } from "~/components/icons";
import { useEffect, useState } from "react";
import { requestLogin } from "~/lib/login-events";
import { useOptionalUser } from "~/lib/user";
import { postJson } from "./viewer";
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
};

function hasNickname(car: FollowableCar) {
  const nickname = car.nickname?.trim();
  return Boolean(nickname && nickname.toLowerCase() !== "unnamed");
}

function carDescription(car: FollowableCar) {
  return [car.year, car.make, car.model, car.trim].filter(Boolean).join(" ");
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
  const [busy, setBusy] = useState(false);

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

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (selected.size === 0 || busy) return;
    setBusy(true);
    const ids = [...selected];
    const results = await Promise.all(
      ids.map(async (id) => {
        try {
          const { status, data } = await postJson<{ following?: boolean }>(`/api/cars/${id}/follow`, { following: true });
          return status >= 200 && status < 300 && data?.following === true;
        } catch {
          return false;
        }
      }),
    );
    setBusy(false);
    const followed = ids.filter((_, index) => results[index]);
    if (followed.length > 0) onFollowed?.(followed);
    if (followed.length < ids.length) window.alert(FOLLOW_SOME_FAILED);
    onClose();
  }

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
          <form onSubmit={submit}>
            <Dialog.Description id="follow-cars-description" className="follow-modal__text">
              Select which cars you'd like to follow:
            </Dialog.Description>
            <ul className="follow-modal__list">
              {cars.map((car) => {
                const checked = car.following || selected.has(car.id);
                return (
                  <li key={car.id}>
                    <label className="follow-modal__car" data-checked={checked ? "true" : "false"}>
                      <input
                        type="checkbox"
                        name="carIds"
                        value={car.id}
                        checked={checked}
                        disabled={car.following || busy}
                        onChange={() => toggle(car.id)}
                      />
                      <span className="follow-modal__tick" aria-hidden>
                        <Check />
                      </span>
                      <span className="follow-modal__car-text">
                        <span className="follow-modal__car-name">{hasNickname(car) ? car.nickname : carDescription(car) || "Unknown Vehicle"}</span>
                        <span className="follow-modal__car-meta">
                          {hasNickname(car) ? carDescription(car) : car.bodystyle ?? ""}
                          {car.following ? <span className="chip">Following</span> : null}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
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
