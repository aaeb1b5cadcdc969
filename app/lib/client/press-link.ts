// A link that is a plain link without JavaScript and a button once the page has hydrated:
// before hydration it has no button role (it is a link, and it works as one); after, a plain
// left click, or Space as on a button, runs the action instead of following the link, and a
// click with a modifier key (new tab, new window) still follows it.
import type { KeyboardEvent, MouseEvent } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { isPlainClick } from "~/lib/client/link-clicks";

export function usePressLink(press: () => void) {
  const hydrated = useHydrated();
  return {
    role: hydrated ? ("button" as const) : undefined,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      if (!isPlainClick(event)) return;
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
