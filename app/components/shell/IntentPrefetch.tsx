// Fetches a page's code and data before it is opened, for the links that ask for it
// (`data-prefetch="intent"`: the navigation's): once the reader has pointed at one, or focused
// it, for a tenth of a second, or touched it. One listener for the whole document; the page
// prefetched last stays prefetched.
import { PrefetchPageLinks } from "@remix-run/react";
import { useEffect, useState } from "react";

const INTENT_MS = 100;

function intentLink(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-prefetch="intent"]') : null;
}

export function IntentPrefetch() {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    let pending: { anchor: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
    const cancel = () => {
      if (pending) clearTimeout(pending.timer);
      pending = null;
    };
    const intend = (anchor: HTMLAnchorElement, delay: number) => {
      if (pending?.anchor === anchor) return;
      cancel();
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      pending = { anchor, timer: setTimeout(() => setPage(url.pathname + url.search), delay) };
    };
    const onPoint = (event: Event) => {
      const anchor = intentLink(event.target);
      if (anchor) intend(anchor, event.type === "touchstart" ? 0 : INTENT_MS);
    };
    const onLeave = (event: Event) => {
      const related = (event as PointerEvent | FocusEvent).relatedTarget;
      if (pending && !(related instanceof Node && pending.anchor.contains(related))) cancel();
    };
    const listeners: Array<[string, EventListener]> = [
      ["pointerover", onPoint],
      ["focusin", onPoint],
      ["touchstart", onPoint],
      ["pointerout", onLeave],
      ["focusout", onLeave],
    ];
    for (const [type, listener] of listeners) document.addEventListener(type, listener, { passive: true });
    return () => {
      cancel();
      for (const [type, listener] of listeners) document.removeEventListener(type, listener);
    };
  }, []);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
