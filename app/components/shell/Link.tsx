// The app's links: plain anchors, followed in the page by one click handler for the whole
// document (~/lib/client/link-clicks.ts) rather than a router hook per link. A page shows a
// hundred links or more (the shell's navigation, each card's author, car, time and menu), and
// the router's own link resolves its address and binds its handlers on every render, on the
// server too: about ten times the cost of an anchor, a tenth of a member's page.
//
// Every address is absolute or a query of the current page (`?cursor=…`), so the browser
// resolves it as the router would. Each anchor says how it is followed:
// - `data-discover`: the router learns the routes the page links to before they are clicked;
// - `data-replace`: replaces the history entry rather than adding one;
// - `data-keep-scroll`: keeps the scroll position (a query of the same page);
// - `data-prefetch="intent"`: the page's code and data are fetched when the reader points at
//   it or focuses it (IntentPrefetch);
// - `reloadDocument`: the browser loads the page whole; no handler touches it.
// A click with a modifier key, or on a link with a target or a download, is the browser's.
import { useLocation, useNavigate } from "@remix-run/react";
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { isPlainClick } from "~/lib/client/link-clicks";

type Common = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path, with its query and hash, or a query of the current page. */
  to: string;
  /** Replace the history entry. */
  replace?: boolean;
  /** Keep the scroll position. */
  preventScrollReset?: boolean;
  /** Let the browser load the page whole. */
  reloadDocument?: boolean;
  /** "intent": fetch the page's code and data when the reader points at the link. */
  prefetch?: "intent" | "none";
};

export type LinkProps = Common & {
  /** History state for the page it opens (read by that page's own code). */
  state?: Record<string, unknown>;
};

/** The anchor's attributes but its address and content. */
function anchorProps({ to: _to, children: _children, replace, preventScrollReset, reloadDocument, prefetch, ...rest }: Common) {
  return {
    ...rest,
    "data-discover": reloadDocument ? undefined : "true",
    "data-link": reloadDocument ? undefined : "",
    "data-replace": replace ? "" : undefined,
    "data-keep-scroll": preventScrollReset ? "" : undefined,
    "data-prefetch": prefetch === "intent" ? "intent" : undefined,
  };
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ state, ...props }, ref) {
  if (state) return <StateLink {...props} state={state} ref={ref} />;
  return (
    <a {...anchorProps(props)} href={props.to} ref={ref}>
      {props.children}
    </a>
  );
});

/** A link that hands the page it opens a history state: it navigates itself. */
const StateLink = forwardRef<HTMLAnchorElement, Common & { state: Record<string, unknown> }>(function StateLink({ state, onClick, ...props }, ref) {
  const navigate = useNavigate();
  return (
    // The link's own handler follows it with its state; the document's leaves a taken click alone.
    <a
      {...anchorProps(props)}
      href={props.to}
      ref={ref}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(props.to, { state, replace: props.replace, preventScrollReset: props.preventScrollReset });
      }}
    >
      {props.children}
    </a>
  );
});

export type NavLinkProps = Common & {
  /** Current only at its own address, not at the ones below it. */
  end?: boolean;
};

/**
 * A link of the navigation: `aria-current="page"` and the class `active` while the page is at
 * its address or below it.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, className, ...props }, ref) {
  const { pathname } = useLocation();
  const current = isCurrent(pathname, props.to, end);
  return (
    <a
      {...anchorProps(props)}
      href={props.to}
      ref={ref}
      className={current ? [className, "active"].filter(Boolean).join(" ") : className}
      aria-current={current ? "page" : undefined}
    >
      {props.children}
    </a>
  );
});

/** Whether `pathname` is the link's address, or (unless `end`) below it: "/" is only itself. */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const path = to.split(/[?#]/)[0] || "/";
  if (pathname === path) return true;
  if (end || path === "/") return false;
  const base = path.endsWith("/") ? path.slice(0, -1) : path;
  return pathname.startsWith(`${base}/`);
}
