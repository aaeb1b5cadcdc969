// Which navigation items the shell shows, to whom, and where the chrome is hidden
// (bottom bar, header, sidebar). Pure functions: the components render them, unit tests check them.
import { userPath } from "~/lib/paths";

export type ShellUser = { username: string; isAdmin: boolean } | null | undefined;

export type NavKey = "my-cars" | "upload" | "messages" | "notifications" | "events" | "my-posts" | "profile" | "search" | "admin";

export type NavItem = {
  key: NavKey;
  label: string;
  href: string;
  /** Signed out, the item opens the login modal (and comes back to `href`). */
  membersOnly: boolean;
};

const ITEMS: Record<Exclude<NavKey, "my-posts">, Omit<NavItem, "key">> = {
  "my-cars": { label: "My Cars", href: "/my-cars", membersOnly: true },
  upload: { label: "Post", href: "/post/new", membersOnly: true },
  messages: { label: "Messages", href: "/messages", membersOnly: true },
  notifications: { label: "Notifications", href: "/notifications", membersOnly: true },
  events: { label: "Events", href: "/events", membersOnly: false },
  profile: { label: "Profile", href: "/profile", membersOnly: true },
  search: { label: "Search", href: "/search", membersOnly: false },
  admin: { label: "Admin Area", href: "/admin", membersOnly: true },
};

function item(key: Exclude<NavKey, "my-posts">): NavItem {
  return { key, ...ITEMS[key] };
}

/**
 * The sidebar, in this order: My Cars, Post, Messages, Notifications, Events,
 * My Posts, Profile, Search, Admin Area (administrators only). My Posts is the user's own
 * page, so a visitor (who has none) does not get it. Log Out / Login follow separately.
 */
export function sidebarItems(user: ShellUser): NavItem[] {
  const items: NavItem[] = [item("my-cars"), item("upload"), item("messages"), item("notifications"), item("events")];
  if (user) {
    items.push({
      key: "my-posts",
      label: "My Posts",
      href: userPath(user.username),
      membersOnly: true,
    });
  }
  items.push(item("profile"), item("search"));
  if (user?.isAdmin) items.push(item("admin"));
  return items;
}

/** The phone's bottom bar: search, events, post (upload), messages, profile. */
export function bottomItems(): NavItem[] {
  return [item("search"), item("events"), item("upload"), item("messages"), item("profile")];
}

/** Whether `pathname` is on the page (or under the section) that `href` names. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Which parts of the chrome a page shows: /upload hides the bottom bar, /embed/* all of it. */
export function chromeFor(pathname: string): { header: boolean; sidebar: boolean; bottomNav: boolean } {
  const embed = pathname === "/embed" || pathname.startsWith("/embed/");
  if (embed) return { header: false, sidebar: false, bottomNav: false };
  const upload = isActivePath(pathname, "/upload");
  return { header: true, sidebar: true, bottomNav: !upload };
}

/** The pages whose form is their whole point: sign in, sign up, reset the password. */
const FORM_FIRST_PAGES = ["/login", "/signup", "/reset-password"];

/**
 * Whether the page comes first in the document, before the header, sidebar and bottom bar
 * (the shell still draws them in their usual places). On the sign-in pages a screen reader
 * or a text browser then meets the form at once, not after the whole site's navigation.
 */
export function mainFirst(pathname: string): boolean {
  return FORM_FIRST_PAGES.includes(pathname);
}
