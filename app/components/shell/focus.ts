// Focus helpers for dialogs and overlays.
//
// useReturnFocus: a Radix dialog opened by state (no <Dialog.Trigger>) sends focus to
// <body> when it closes, because it tries to focus its (missing) trigger. This hook remembers
// the element that had focus when `open` became true and gives it back on close. Pass the
// returned handler as the dialog's onCloseAutoFocus.
//
// useFocusTrap: for hand-made modal layers (not Radix): Tab and Shift+Tab cycle inside the
// container while it is mounted, and the element focused before it opened gets focus back
// when it goes away. With { trap: false } (a non-modal bubble) only the focus return.
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from "react";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function focusedElement(): HTMLElement | null {
  const active = typeof document === "undefined" ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Gives focus back to a (still present) element. */
function restore(element: HTMLElement | null): boolean {
  if (!element || !element.isConnected) return false;
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effects run before Radix moves focus into the dialog (a passive effect).
  useIsomorphicLayoutEffect(() => {
    if (open) opener.current = focusedElement();
  }, [open]);
  return useCallback((event: Event) => {
    if (restore(opener.current)) event.preventDefault();
    opener.current = null;
  }, []);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export function useFocusTrap(container: RefObject<HTMLElement>, options: { trap?: boolean } = {}) {
  const trap = options.trap ?? true;
  useIsomorphicLayoutEffect(() => {
    const opener = focusedElement();
    const root = container.current;
    const onKey = (event: KeyboardEvent) => {
      if (!trap || event.key !== "Tab" || !root) return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Capture: runs before other layers' own Tab handling (a Radix focus scope around it).
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      // Closing while focus is inside (close button, Escape): focus goes back to the opener
      // once the layer is gone. Focus the reader moved elsewhere stays where it is.
      const hadFocus = Boolean(root?.contains(document.activeElement));
      window.setTimeout(() => {
        if (hadFocus || document.activeElement === document.body) restore(opener);
      }, 0);
    };
    // A layer's container ref and trap setting do not change while it is mounted: this runs on
    // mount and cleans up on unmount.
  }, [container, trap]);
}
