// Post layouts: which layouts exist (album, grid, carousel, single), the default when a
// post has none stored, and the photo grid's visible items (at most 6) with its '+N' overlay.
// Pure: safe to import from components.
import { PHOTO_GRID_MAX } from "~/lib/constants";

export const LAYOUTS = ["album", "grid", "carousel", "single"] as const;
export type Layout = (typeof LAYOUTS)[number];

export function isLayout(value: unknown): value is Layout {
  return typeof value === "string" && (LAYOUTS as readonly string[]).includes(value);
}

/**
 * The layout of a post that has none stored: single for one item, grid for more
 * than six, otherwise carousel. A post without media counts as single (nothing to arrange).
 */
export function defaultLayout(itemCount: number): Layout {
  if (itemCount <= 1) return "single";
  if (itemCount > PHOTO_GRID_MAX) return "grid";
  return "carousel";
}

/** The stored layout when it is a known one, else the default for the number of items. */
export function effectiveLayout(stored: string | null | undefined, itemCount: number): Layout {
  return isLayout(stored) ? stored : defaultLayout(itemCount);
}

/**
 * What the photo grid shows: at most six items; when there are more, the sixth carries a
 * '+N' overlay where N is the number of items not shown.
 */
export function gridItems<T>(items: readonly T[], max = PHOTO_GRID_MAX): { visible: T[]; hiddenCount: number; overlay: string | null } {
  const visible = items.slice(0, max);
  const hiddenCount = Math.max(0, items.length - max);
  return { visible, hiddenCount, overlay: hiddenCount > 0 ? `+${hiddenCount}` : null };
}
