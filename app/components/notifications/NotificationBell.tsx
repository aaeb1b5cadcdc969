// The header's notifications button: an unread badge ('99+' above 99)
// refreshed every 30 s, and a dropdown listing the newest notifications, refreshed every
// 60 s while open, closing on an outside click. Fetch failures are silent and reset the
// count to 0. Before JavaScript runs it is a plain link to /notifications.
import * as Popover from "@radix-ui/react-popover";
import { Link, useLocation } from "@remix-run/react";
import { Bell } from "~/components/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { COUNT_POLL, NOTIFICATIONS_POLL, badgeText } from "~/lib/constants";
import { useHydrated } from "remix-utils/use-hydrated";
import { NOTIFICATIONS_CHANGED_EVENT } from "./events";
import { MarkAllReadButton, NotificationList, NotificationSkeleton, type NotificationView } from "./NotificationList";
import "./notifications.css";

export { NOTIFICATIONS_CHANGED_EVENT };

type Feed = { notifications: NotificationView[]; unread_count: number };

async function fetchFeed(limit: number): Promise<Feed> {
  const response = await fetch(`/api/notifications?limit=${limit}`, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Notifications failed (${response.status})`);
  const body = (await response.json()) as Partial<Feed>;
  return {
    notifications: Array.isArray(body.notifications) ? body.notifications : [],
    unread_count: typeof body.unread_count === "number" ? body.unread_count : 0,
  };
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
  const [count, setCount] = useState(initialUnread);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const refreshCount = useCallback(async () => {
    try {
      const feed = await fetchFeed(0);
      if (alive.current) setCount(feed.unread_count);
    } catch {
      if (alive.current) setCount(0);
    }
  }, []);

  const refreshList = useCallback(async () => {
    try {
      const feed = await fetchFeed(50);
      if (!alive.current) return;
      setItems(feed.notifications);
      setCount(feed.unread_count);
    } catch {
      if (!alive.current) return;
      setItems((current) => current ?? []);
      setCount(0);
    }
  }, []);

  // The badge: now, every 30 s, and whenever something says the notifications changed.
  useEffect(() => {
    void refreshCount();
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") void refreshCount();
    }, COUNT_POLL);
    const onChanged = () => void refreshCount();
    const onVisible = () => {
      if (document.visibilityState === "visible") void refreshCount();
    };
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, onChanged);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, onChanged);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refreshCount]);

  // The list: when the dropdown opens and every 60 s while it stays open.
  useEffect(() => {
    if (!open) return;
    void refreshList();
    const timer = setInterval(() => void refreshList(), NOTIFICATIONS_POLL);
    const onChanged = () => void refreshList();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, onChanged);
    return () => {
      clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, onChanged);
    };
  }, [open, refreshList]);

  // Going to another page closes it.
  useEffect(() => setOpen(false), [location.pathname]);

  if (!hydrated) {
    return (
      <Link to="/notifications" className="icon-button notification-bell" aria-label={label(count)}>
        <BellIcon count={count} />
      </Link>
    );
  }

  const markAllDone = () => {
    setItems((current) => current?.map((n) => ({ ...n, is_read: true })) ?? current);
    setCount(0);
  };
  const onOpenItem = (n: NotificationView) => {
    if (!n.is_read) {
      setItems((current) => current?.map((item) => (item.id === n.id ? { ...item, is_read: true } : item)) ?? current);
      setCount((value) => Math.max(0, value - 1));
    }
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="icon-button notification-bell" aria-label={label(count)} data-open={open ? "true" : "false"}>
        <BellIcon count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="notification-dropdown"
          align="end"
          sideOffset={8}
          collisionPadding={10}
          aria-label="Notifications"
        >
          <div className="notification-dropdown__head">
            <h2 className="notification-dropdown__title">Notifications</h2>
            {count > 0 ? <MarkAllReadButton onDone={markAllDone} className="btn btn--ghost btn--sm notification-dropdown__mark" /> : null}
          </div>
          <div className="notification-dropdown__body">
            {items === null ? (
              <NotificationSkeleton rows={4} />
            ) : (
              <NotificationList notifications={items} variant="dropdown" onOpen={onOpenItem} />
            )}
          </div>
          <Link to="/notifications" className="notification-dropdown__all" onClick={() => setOpen(false)}>
            See all notifications
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
