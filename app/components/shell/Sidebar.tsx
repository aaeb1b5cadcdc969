// The sidebar: My Cars, Post, Messages, Notifications, Events, My Posts, Profile,
// Search, Admin Area (administrators only), then Log Out or Login, and the theme switcher.
// Phones: an overlay with a backdrop. From 768px: a slim rail that expands on hover (or
// stays expanded when pinned with the burger).
import { Form, useLocation } from "@remix-run/react";
import { isCurrent, Link, NavLink } from "./Link";
import { Kept } from "./Kept";
import { History, LogIn, LogOut, X } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { UnreadMessagesBadge } from "~/components/realtime";
import { lazyComponent } from "~/lib/client/lazy-component";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { Avatar } from "./Avatar";
import { Logo, BRAND_NAME } from "./Logo";
import { MemberLink } from "./MemberLink";
import { useTheme } from "./theme";
import { ThemeSwitcher } from "./ThemeSwitcher";
import { NAV_ICONS } from "./icons";
import { sidebarItems } from "./nav";
import type { ShellRootUser } from "./AppShell";
import { usePressLink } from "~/lib/client/press-link";
import { isPlainClick } from "~/lib/client/link-clicks";

const VersionChangesModal = lazyComponent(() => import("~/components/feedback/VersionChangesModal").then((module) => module.VersionChangesModal));

export function Sidebar({
  user,
  isMobile,
  open,
  pinned,
  onClose,
}: {
  user: ShellRootUser;
  isMobile: boolean;
  /** Phones: the overlay is showing. */
  open: boolean;
  /** Wider screens: expanded without hover. */
  pinned: boolean;
  onClose: () => void;
}) {
  const location = useLocation();
  const theme = useTheme();
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const items = sidebarItems(user);
  const here = location.pathname + location.search;
  const [versionsOpen, setVersionsOpen] = useState(false);
  // Mounted at the first open and kept, so closing keeps its focus return.
  const [versionsUsed, setVersionsUsed] = useState(false);
  const openVersions = () => {
    onClose();
    setVersionsUsed(true);
    setVersionsOpen(true);
  };
  const versionsLink = usePressLink(openVersions);

  // Opening the overlay moves focus into it, and Tab stays inside while it is open.
  useEffect(() => {
    if (!isMobile || !open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !panelRef.current) return;
      const focusable = panelRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled])");
      const visible = Array.from(focusable).filter((element) => element.offsetParent !== null);
      const first = visible[0];
      const last = visible[visible.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [isMobile, open]);

  return (
    <>
      <div className="sidebar-backdrop" data-open={isMobile && open ? "true" : "false"} onClick={onClose} aria-hidden />
      {/* A member's sidebar reads the address only for the link marked current; a visitor's sign-in links come back to the page. */}
      <Kept
        as="aside"
        name="sidebar"
        inputs={[user, theme.mode, items.map((item) => isCurrent(location.pathname, item.href, false))]}
        address={user ? "" : undefined}
        ref={panelRef}
        id="app-sidebar"
        className="sidebar"
        data-open={open ? "true" : "false"}
        data-pinned={pinned ? "true" : "false"}
        aria-label="Sidebar"
        role={isMobile && open ? "dialog" : undefined}
        aria-modal={isMobile && open ? true : undefined}
      >
        <div className="sidebar__top">
          <Link to="/" className="sidebar__brand">
            <Logo />
            <span className="visually-hidden">{`${BRAND_NAME} home`}</span>
          </Link>
          <button ref={closeRef} type="button" className="icon-button sidebar__close" onClick={onClose}>
            <X aria-hidden />
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>

        {user ? (
          <div className="sidebar__user">
            <Avatar name={user.username} image={user.profileImage} size={36} />
            <span className="sidebar__user-text">
              <span className="sidebar__user-name">{user.nickname || user.username}</span>
              <span className="sidebar__user-handle">@{user.username}</span>
            </span>
          </div>
        ) : null}

        <nav className="sidebar__nav" aria-label="Main">
          <ul className="sidebar__list">
            {items.map((item) => {
              const Icon = NAV_ICONS[item.key];
              const content = (
                <>
                  <Icon className="sidebar__icon" aria-hidden />
                  <span className="sidebar__label">{item.label}</span>
                  {item.key === "messages" && user ? <UnreadMessagesBadge className="badge nav-unread" /> : null}
                </>
              );
              return (
                <li key={item.key}>
                  {item.membersOnly && !user ? (
                    <MemberLink to={item.href} signedIn={false} className="sidebar__link" data-nav={item.key} title={item.label} onClick={onClose}>
                      {content}
                    </MemberLink>
                  ) : (
                    <NavLink to={item.href} className="sidebar__link" data-nav={item.key} title={item.label} prefetch="intent">
                      {content}
                    </NavLink>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="sidebar__bottom">
          <ThemeSwitcher id="sidebar-theme" className="sidebar__theme" />
          {/* The Version Changes page without JavaScript; the modal with it. */}
          <Link to="/version-changes" className="sidebar__link" data-nav="versions" title="Version Changes" {...versionsLink}>
            <History className="sidebar__icon" aria-hidden />
            <span className="sidebar__label">Version Changes</span>
          </Link>
          {user ? (
            <Form method="post" action="/logout" className="sidebar__logout">
              <input type="hidden" name="redirectTo" value="/" />
              <button type="submit" className="sidebar__link" data-nav="logout" title="Log Out">
                <LogOut className="sidebar__icon" aria-hidden />
                <span className="sidebar__label">Log Out</span>
              </button>
            </Form>
          ) : (
            <Link
              to={loginHref(here)}
              preventScrollReset
              className="sidebar__link sidebar__link--login"
              data-nav="login"
              title="Login"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onClose();
                requestLogin();
              }}
            >
              <LogIn className="sidebar__icon" aria-hidden />
              <span className="sidebar__label">Login</span>
            </Link>
          )}
        </div>
      </Kept>
      {versionsUsed ? <VersionChangesModal open={versionsOpen} onOpenChange={setVersionsOpen} /> : null}
    </>
  );
}
