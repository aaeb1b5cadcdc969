// A link that is a plain link without JavaScript and a button once the page has hydrated:
// a plain left click, or Space as on a button, runs the action instead of following the
// link; a click with a modifier key (new tab, new window) still follows it.
import type { KeyboardEvent, MouseEvent } from "react";

export function pressLinkHandlers(press: () => void) {
  return {
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      press();
    },
    onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
      if (event.key !== " ") return;
      event.preventDefault();
      press();
    },
  };
}
