// The header's notifications button: an unread badge ('99+' above 99), the page's own
// count refreshed every 30 s, and a dropdown listing the newest notifications, refreshed every
// 60 s while open, closing on an outside click. Both read GET /api/notifications through
// fetchers; a failed read resets the count to 0. Reads on their way (a clicked row, 'Mark
// all as read') count as done at once. Before JavaScript runs it is a plain link to
// /notifications.
import * as Popover from "@radix-ui/react-popover";
import { useFetcher, useLocation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Bell } from "~/components/icons";
import { useEffect, useState } from "react";
import { COUNT_POLL, NOTIFICATIONS_POLL, badgeText } from "~/lib/constants";
import { useHydrated } from "~/lib/client/hydrated";
import { NOTIFICATIONS_CHANGED_EVENT } from "./events";
import type { NotificationFeed } from "~/lib/wire";
import { MarkAllReadButton, NotificationList, NotificationSkeleton } from "./NotificationList";
import { unreadAfter, usePendingReads } from "./reads";
import { PushToggle } from "./PushToggle";
import { apiPaths } from "~/lib/paths";
import "./notifications.css";

export { NOTIFICATIONS_CHANGED_EVENT };

type Feed = Partial<NotificationFeed> & { error?: string };

function feedUrl(limit: number): string {
  return apiPaths.notifications(limit);
}

/** A feed answer's unread count: 0 for an error answer. */
function unreadOf(feed: Feed): number {
  return typeof feed.unread_count === "number" ? feed.unread_count : 0;
}

/**
 * Loads `limit` notifications every `every` ms (not while the tab is hidden), when the tab
 * comes back into view and whenever something says the notifications changed; at once too
 * when `now` (the list, which the page does not carry). Off while `active` is false.
 */
function usePolledFeed(limit: number, every: number, active: boolean, now: boolean) {
  const fetcher = useFetcher<Feed>();
  const { load } = fetcher;
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState !== "hidden") load(feedUrl(limit));
    };
    if (now) refresh();
    const timer = setInterval(refresh, every);
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [active, every, limit, load, now]);
  return fetcher.data;
}

/**
 * The unread count: the root loader's (it reloads after every fetcher's action), the badge's
 * own poll and the open list, whichever answered last, less the reads on their way.
 */
function useUnreadCount(initialUnread: number, polled: Feed | undefined, listed: Feed | undefined): number {
  const [count, setCount] = useState(initialUnread);
  useEffect(() => setCount(initialUnread), [initialUnread]);
  useEffect(() => {
    if (polled) setCount(unreadOf(polled));
  }, [polled]);
  useEffect(() => {
    if (listed) setCount(unreadOf(listed));
  }, [listed]);
  return unreadAfter(count, usePendingReads());
}

function BellIcon({ count }: { count: number }) {
  return (
    <>
      <Bell aria-hidden />
      <span className="visually-hidden">Notifications</span>
      {count > 0 ? (
        <span className="badge notification-bell__badge" data-testid="notification-badge">
          {badgeText(count)}
          <span className="visually-hidden"> unread</span>
        </span>
      ) : null}
    </>
  );
}

function label(count: number) {
  return count > 0 ? `Notifications (${badgeText(count)} unread)` : "Notifications";
}

export function NotificationBell({ initialUnread = 0 }: { initialUnread?: number } = {}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The page came with the count (the root loader's): the badge's first poll waits its turn.
  const polled = usePolledFeed(0, COUNT_POLL, hydrated, false);
  const listed = usePolledFeed(50, NOTIFICATIONS_POLL, open, true);
  const count = useUnreadCount(initialUnread, polled, listed);
  const items = listed ? (listed.notifications ?? []) : null;

  // Going to another page closes it.
  useEffect(() => setOpen(false), [location.pathname]);

  if (!hydrated) {
    return (
      <Link to="/notifications" className="icon-button notification-bell" aria-label={label(count)}>
        <BellIcon count={count} />
      </Link>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="icon-button notification-bell" aria-label={label(count)} data-open={open ? "true" : "false"}>
        <BellIcon count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="notification-dropdown" align="end" sideOffset={8} collisionPadding={10} aria-label="Notifications">
          <div className="notification-dropdown__head">
            <h2 className="notification-dropdown__title">Notifications</h2>
            {count > 0 ? <MarkAllReadButton className="btn btn--ghost btn--sm notification-dropdown__mark" /> : null}
          </div>
          <div className="notification-dropdown__body">
            {items === null ? <NotificationSkeleton rows={4} /> : <NotificationList notifications={items} variant="dropdown" onOpen={() => setOpen(false)} />}
          </div>
          <PushToggle compact />
          <Link to="/notifications" className="notification-dropdown__all" onClick={() => setOpen(false)}>
            See all notifications
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
