import { startTransition, useEffect, useRef, useState } from "react";
import { MOBILE_MAX_WIDTH } from "~/lib/constants";
import { INITIAL_HEADER_SCROLL, nextHeaderScroll, type HeaderScroll } from "./header-scroll";

export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/**
 * True on phones (767px wide or less). False during server rendering and hydration; the
 * stylesheet lays out the phone's shell by itself, so the switch only changes behaviour and
 * renders as a transition.
 */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    startTransition(() => setMobile(query.matches));
    const onChange = (event: MediaQueryListEvent) => setMobile(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return mobile;
}

/** The header's scrolled/hidden state, updated at most once per animation frame. */
export function useHeaderScroll(isMobile: boolean): HeaderScroll {
  const [state, setState] = useState<HeaderScroll>(INITIAL_HEADER_SCROLL);
  const latest = useRef(state);
  const mobile = useRef(isMobile);
  mobile.current = isMobile;

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = nextHeaderScroll(latest.current, window.scrollY, mobile.current);
      const previous = latest.current;
      latest.current = next;
      if (next.hidden !== previous.hidden || next.scrolled !== previous.scrolled) setState(next);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    // The first reading waits for the next frame: reading the scroll position lays the page
    // out, which right after hydration would be a long task of its own.
    frame = window.requestAnimationFrame(update);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  // Leaving the phone layout must never leave the header hidden.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => {
      const previous = latest.current;
      const next = nextHeaderScroll(previous, window.scrollY, isMobile);
      latest.current = next;
      if (next.hidden !== previous.hidden || next.scrolled !== previous.scrolled) setState(next);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [isMobile]);

  return state;
}
