// Following the app's links in the page (components/shell/Link.tsx renders them as anchors
// marked `data-link`): one click handler on the window, after every element's own, turns a
// plain click on such a link into the router's navigation, as the router's own link would:
// the same address again replaces the history entry, `data-replace` always does, and
// `data-keep-scroll` keeps the scroll position. A click the element's own handler took
// (preventDefault), a click with a modifier key or another button, a link with a target or a
// download, or one to another origin is left to the browser.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A plain left click, which the page may take over; a click with another button or a modifier
 * key (a new tab or window, a download) is left to the browser.
 */
export function isPlainClick(event: { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** The app link a click lands on, if the page should follow it itself. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || !isPlainClick(event)) return null;
  const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-link]") : null;
  if (!anchor || anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return null;
  return new URL(anchor.href).origin === window.location.origin ? anchor : null;
}

/** Follows the app's links in the page while the component that calls it is mounted. */
export function useLinkClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = followedLink(event);
      if (!anchor) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: anchor.hasAttribute("data-replace") || to === here, preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [navigate]);
}
