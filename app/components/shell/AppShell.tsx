// The app shell: skip link, header, sidebar, the page (<main>), the phone's bottom bar,
// the login modal and the toasts, and what follows the app's links in the page (Link.tsx).
// /upload hides the bottom bar; /embed/* hides all chrome.
// On the sign-in pages <main> comes first in the document and the stylesheet places the
// header above it, so the form is the first thing a screen reader or text browser meets.
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { LoginModal } from "~/components/auth/LoginModal";
import { BottomNav } from "./BottomNav";
import { Header } from "./Header";
import { IntentPrefetch } from "./IntentPrefetch";
import { Sidebar } from "./Sidebar";
import { Toasts } from "./Toasts";
import { useIsMobile } from "./hooks";
import { chromeFor, mainFirst } from "./nav";
import "./shell.css";
import { useRootData, type RootUser } from "~/lib/client/user";
import { useLinkClicks } from "~/lib/client/link-clicks";

export type ShellRootUser = RootUser | null;

export function AppShell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const user = root?.user ?? null;
  const location = useLocation();
  const chrome = chromeFor(location.pathname);
  const formFirst = mainFirst(location.pathname);
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const burgerRef = useRef<HTMLAnchorElement>(null);
  // The app's links are anchors (Link.tsx), followed in the page from here.
  useLinkClicks();

  const close = useCallback(() => setOpen(false), []);
  const closeAndRefocus = useCallback(() => {
    setOpen(false);
    burgerRef.current?.focus();
  }, []);

  // Navigating closes the phone overlay.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  // Escape closes it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeAndRefocus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, closeAndRefocus]);

  // While the overlay is open the page behind it does not scroll.
  useEffect(() => {
    const lock = isMobile && open;
    document.documentElement.classList.toggle("scroll-locked", lock);
    return () => document.documentElement.classList.remove("scroll-locked");
  }, [isMobile, open]);

  const toggle = () => (isMobile ? setOpen((value) => !value) : setPinned((value) => !value));
  const main = (
    <main id="main" className="app-main" tabIndex={-1}>
      {children}
    </main>
  );

  return (
    <div
      className="app"
      data-header={chrome.header ? "on" : "off"}
      data-sidebar={chrome.sidebar ? (pinned ? "pinned" : "rail") : "off"}
      data-bottom-nav={chrome.bottomNav ? "on" : "off"}
      data-main-first={formFirst ? "true" : undefined}
    >
      {formFirst ? main : null}
      {chrome.header && !formFirst ? (
        <a href="#main" className="skip-link">
          Skip to content
        </a>
      ) : null}
      {chrome.header ? <Header user={user} isMobile={isMobile} sidebarExpanded={isMobile ? open : pinned} onToggleSidebar={toggle} burgerRef={burgerRef} /> : null}
      {chrome.sidebar ? <Sidebar user={user} isMobile={isMobile} open={open} pinned={pinned} onClose={isMobile ? closeAndRefocus : close} /> : null}
      {formFirst ? null : main}
      {chrome.bottomNav ? <BottomNav signedIn={Boolean(user)} /> : null}
      <LoginModal />
      <Toasts flash={root?.toast} />
      <IntentPrefetch />
    </div>
  );
}
