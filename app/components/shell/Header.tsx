// The top bar: burger, logo, welcome, search, and the upload / messages / notifications /
// profile buttons. On phones it slides away when scrolling down and returns on the way up.
import { useLocation } from "@remix-run/react";
import { Link } from "./Link";
import { LogIn, Menu, MessageCircle, Plus, Search, UserRound } from "~/components/icons";
import "~/components/messages/nav-badge.css";
import { lazyComponent } from "~/lib/client/lazy-component";
import { serverPart } from "~/lib/client/server-parts";
import { UnreadMessagesBadge } from "~/components/realtime";
import { HeaderSearch } from "~/components/search";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { Avatar } from "./Avatar";
import { Kept } from "./Kept";
import { BRAND_NAME, Logo } from "./Logo";
import { MemberLink } from "./MemberLink";
import { useHeaderScroll } from "./hooks";
import type { ShellRootUser } from "./AppShell";
import { usePressLink } from "~/lib/client/press-link";
import { isPlainClick } from "~/lib/client/link-clicks";

// Visitors have no bell, so its popover code downloads only on members' pages.
/** The name the server renders the bell by (app/server-parts.server.ts). */
export const NOTIFICATION_BELL_PART = "notification-bell";
const NotificationBell = lazyComponent<{ initialUnread?: number }>(
  () => import("~/components/notifications/NotificationBell").then((module) => module.NotificationBell),
  { server: serverPart(NOTIFICATION_BELL_PART), renderedIn: () => document.querySelector(".notification-bell") !== null },
);

export function Header({
  user,
  isMobile,
  sidebarExpanded,
  onToggleSidebar,
  burgerRef,
}: {
  user: ShellRootUser;
  isMobile: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  burgerRef: React.RefObject<HTMLAnchorElement>;
}) {
  const scroll = useHeaderScroll(isMobile);
  const location = useLocation();
  const signedIn = Boolean(user);
  const hidden = scroll.hidden && !(isMobile && sidebarExpanded);
  const burger = usePressLink(onToggleSidebar);
  // A member's header reads the address only for the search field's text on /search; a visitor's
  // sign-in link comes back to the page.
  const address = user ? (location.pathname === "/search" ? location.pathname + location.search : "") : undefined;

  return (
    <Kept
      as="header"
      name="header"
      inputs={[user, sidebarExpanded]}
      address={address}
      className="app-header"
      data-scrolled={scroll.scrolled ? "true" : "false"}
      data-hidden={hidden ? "true" : "false"}
    >
      <div className="app-header__inner">
        {/* The menu page without JavaScript; the sidebar with it. */}
        <a ref={burgerRef} href="/menu" className="icon-button app-header__burger" aria-controls="app-sidebar" aria-expanded={sidebarExpanded} {...burger}>
          <Menu aria-hidden />
          <span className="visually-hidden">Menu</span>
        </a>

        <Link to="/" className="app-header__brand" prefetch="intent">
          <Logo />
          <span className="visually-hidden">{`${BRAND_NAME} home`}</span>
        </Link>

        <p className="app-header__welcome" data-testid="welcome">
          {user ? (
            <>
              <span>Welcome, </span>
              <strong>{user.username}</strong>
            </>
          ) : (
            <span>Welcome to {BRAND_NAME}</span>
          )}
        </p>

        <HeaderSearch />

        <nav className="app-header__actions" aria-label="Account">
          <Link to="/search" className="icon-button app-header__search-link">
            <Search aria-hidden />
            <span className="visually-hidden">Search</span>
          </Link>
          <MemberLink to="/post/new" signedIn={signedIn} className="btn btn--primary app-header__post" aria-label="Post">
            <Plus aria-hidden size={20} />
            <span className="app-header__post-label">Post</span>
          </MemberLink>
          <MemberLink to="/messages" signedIn={signedIn} className="icon-button">
            <MessageCircle aria-hidden />
            <span className="visually-hidden">Messages</span>
            {user ? <UnreadMessagesBadge /> : null}
          </MemberLink>
          {user ? <NotificationBell initialUnread={user.unreadNotifications} /> : null}
          {user ? (
            <Link to="/profile" className="icon-button app-header__profile">
              <Avatar name={user.username} image={user.profileImage} size={32} />
              <span className="visually-hidden">Profile</span>
            </Link>
          ) : (
            <>
              <MemberLink to="/profile" signedIn={false} className="icon-button app-header__profile-guest">
                <UserRound aria-hidden />
                <span className="visually-hidden">Profile</span>
              </MemberLink>
              <Link
                to={loginHref(location.pathname + location.search)}
                preventScrollReset
                className="btn btn--secondary app-header__signin"
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  requestLogin();
                }}
              >
                <LogIn aria-hidden size={18} />
                Sign in
              </Link>
            </>
          )}
        </nav>
      </div>
    </Kept>
  );
}
