// Search: the results the /search page and the search APIs list.
import type { CarSummary } from "./cars";
import type { MemberSummary } from "./members";

/** A car found, with its owner and its cover photo (GET /api/cars/search answers `{ cars }`). */
export type CarResult = CarSummary & { owner: { id: number; username: string }; cover_image: string | null };

/** A member found. */
export type UserResult = MemberSummary;

/** A post found, by its story. */
export type PostResult = {
  id: number;
  story: string;
  created_at: string;
  created_by: { username: string };
  cover_image: string | null;
};

/** A part found: its page and how many cars run it. */
export type PartResult = { id: number; name: string; category: string; href: string; cars: number };
