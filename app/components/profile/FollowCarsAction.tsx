// 'Follow cars' on someone's garage: opens the Follow Cars modal for their cars. Needs
// JavaScript (each card's own follow button works without it). The modal's fetchers reload
// the page's data, so the cards show the new state.
import { Plus } from "~/components/icons";
import { useState } from "react";
import { FollowCarsModal } from "~/components/follow/FollowCarsModal";
import { useHydrated } from "~/lib/client/hydrated";
import { useOptionalUser } from "~/lib/client/user";
import { requestLogin } from "~/lib/client/login-events";
import type { CarCard } from "~/lib/wire";

export function FollowCarsAction({ cars }: { cars: CarCard[] }) {
  const hydrated = useHydrated();
  const viewer = useOptionalUser();
  const [open, setOpen] = useState(false);
  // An open modal stays until it is done, even when the reloaded cards are all followed.
  if (!hydrated || cars.length < 2 || (!open && cars.every((car) => car.following))) return null;
  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => (viewer ? setOpen(true) : requestLogin())}>
        <Plus aria-hidden size={18} />
        Follow cars
      </button>
      <FollowCarsModal cars={cars} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
