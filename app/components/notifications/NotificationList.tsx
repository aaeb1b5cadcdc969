// The list of notifications, used by the header dropdown and the /notifications page:
// avatar (or a car icon), the message, a compact time, an unread dot, a link to the
// related user or car. Clicking a row marks it read (with JavaScript).
import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { BellOff, CheckCheck, ShieldAlert } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { AVATAR_SMALL_SIZE, variantUrl } from "~/lib/media-types";
import type { NotificationView } from "~/models/notification.server";
import { announceNotificationsChanged } from "./events";
import { shortRelativeTime } from "./time";
import "./notifications.css";

export type { NotificationView };

/** The 64 px copy of one of our avatars (the full image for anything else). */
function smallAvatar(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith("/media/avatars/") ? variantUrl(url, AVATAR_SMALL_SIZE) : url;
}

export function markNotificationRead(id: number) {
  return fetch(`/api/notifications/${id}/read`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: "{}",
  })
    .then(() => announceNotificationsChanged())
    .catch(() => undefined);
}

export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: NotificationView;
  onOpen?: (notification: NotificationView) => void;
}) {
  const n = notification;
  const name = n.related_user_nickname || n.related_user_username || "";
  return (
    <li className="notification" data-unread={n.is_read ? "false" : "true"} data-type={n.type}>
      <Link
        to={n.link}
        className="notification__link"
        prefetch="intent"
        onClick={() => {
          if (!n.is_read) void markNotificationRead(n.id);
          onOpen?.(n);
        }}
      >
        <span className="notification__avatar">
          {n.type === "insurance_expiration" ? (
            <span className="notification__icon" aria-hidden>
              <ShieldAlert />
            </span>
          ) : (
            <Avatar name={name || "?"} image={smallAvatar(n.related_user_profile_image)} size={44} />
          )}
        </span>
        <span className="notification__body">
          <span className="notification__message">{n.message}</span>
          <time className="notification__time" dateTime={n.created_at} suppressHydrationWarning>
            {shortRelativeTime(n.created_at)}
          </time>
        </span>
        {n.is_read ? null : <span className="notification__dot" aria-label="Unread" />}
      </Link>
    </li>
  );
}

/** Loading placeholders with the rows' shape. */
export function NotificationSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="notification-list" aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="notification notification--skeleton">
          <span className="notification__link">
            <span className="skeleton notification__skeleton-avatar" />
            <span className="notification__body">
              <span className="skeleton notification__skeleton-line" />
              <span className="skeleton notification__skeleton-line notification__skeleton-line--short" />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function NotificationList({
  notifications,
  onOpen,
  variant = "page",
}: {
  notifications: NotificationView[];
  /** Called when a row is clicked (the dropdown closes itself). */
  onOpen?: (notification: NotificationView) => void;
  variant?: "page" | "dropdown";
}) {
  if (notifications.length === 0) {
    return (
      <div className={`notification-empty notification-empty--${variant}`}>
        <span className="notification-empty__icon" aria-hidden>
          <BellOff />
        </span>
        <p className="notification-empty__title">No notifications yet</p>
        <p className="notification-empty__text">When someone follows you or your cars, you'll see it here.</p>
      </div>
    );
  }
  return (
    <ul className={`notification-list notification-list--${variant}`} data-testid="notification-list">
      {notifications.map((n) => (
        <NotificationItem key={n.id} notification={n} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/**
 * 'Mark all as read' as a real form (without JavaScript it posts and comes back to the page).
 * With JavaScript it posts in place, then calls `onDone`, or reloads the page's data.
 */
export function MarkAllReadButton({ onDone, className }: { onDone?: () => void; className?: string }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/api/notifications/read-all"
      className="notification-mark-all"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        void fetch("/api/notifications/read-all", {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
          .then((response) => {
            if (!response.ok) return;
            if (onDone) onDone();
            else revalidator.revalidate();
            announceNotificationsChanged();
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={className ?? "btn btn--ghost btn--sm"} disabled={busy}>
        <CheckCheck aria-hidden size={18} />
        Mark all as read
      </button>
    </form>
  );
}
