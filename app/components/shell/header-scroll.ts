// The header's scroll behaviour: a "scrolled" look past 50px; on phones
// (767px wide or less) it slides away when scrolling down past 100px and comes back as soon
// as the reader scrolls up.
import { HEADER_HIDE_AFTER_PX, HEADER_SCROLLED_AFTER_PX } from "~/lib/constants";

export type HeaderScroll = { hidden: boolean; scrolled: boolean; lastY: number };

export const INITIAL_HEADER_SCROLL: HeaderScroll = { hidden: false, scrolled: false, lastY: 0 };

/** Movements smaller than this are jitter (rubber-band scrolling, sub-pixel steps). */
export const SCROLL_JITTER_PX = 4;

export function nextHeaderScroll(previous: HeaderScroll, y: number, isMobile: boolean): HeaderScroll {
  const top = Math.max(0, y);
  const scrolled = top > HEADER_SCROLLED_AFTER_PX;
  if (!isMobile || top <= HEADER_HIDE_AFTER_PX) return { hidden: false, scrolled, lastY: top };
  const delta = top - previous.lastY;
  if (Math.abs(delta) < SCROLL_JITTER_PX) return { ...previous, scrolled };
  return { hidden: delta > 0, scrolled, lastY: top };
}
