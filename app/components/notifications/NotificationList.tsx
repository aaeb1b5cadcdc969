// The list of notifications, used by the header dropdown and the /notifications page:
// avatar (or a car icon), the message, a compact time, an unread dot, a link to the
// related user or car. Clicking a row marks it read (with JavaScript, through a fetcher,
// so the bell and the lists show it read while the request is on its way).
import { useFetcher, useLocation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { useHydrated } from "~/lib/client/hydrated";
import { ArrowDown, BellOff, CheckCheck, ShieldAlert } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { AVATAR_SMALL_SIZE, variantUrl } from "~/lib/media/media-types";
import type { NotificationView } from "~/lib/wire";
import { READ_ALL_ACTION, readAction, usePendingReads, withPendingReads } from "./reads";
import { shortRelativeTime } from "./time";
import "./notifications.css";
import { SkeletonRows } from "~/components/shell/SkeletonRows";

export type { NotificationView };

/** The 64 px copy of one of our avatars (the full image for anything else). */
function smallAvatar(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith("/media/avatars/") ? variantUrl(url, AVATAR_SMALL_SIZE) : url;
}

/** Marks one notification read; the request goes on after the row leaves the page. */
function useMarkRead(id: number) {
  const fetcher = useFetcher();
  return () => fetcher.submit({}, { method: "post", action: readAction(id), encType: "application/json" });
}

export function NotificationItem({ notification, onOpen }: { notification: NotificationView; onOpen?: (notification: NotificationView) => void }) {
  const n = notification;
  const name = n.related_user_nickname || n.related_user_username || "";
  const markRead = useMarkRead(n.id);
  return (
    <li className="notification" data-unread={n.is_read ? "false" : "true"} data-type={n.type}>
      <Link
        to={n.link}
        className="notification__link"
        prefetch="intent"
        onClick={() => {
          if (!n.is_read) markRead();
          onOpen?.(n);
        }}
      >
        <span className="notification__avatar">
          {n.type === "insurance_expiration" ? (
            <span className="notification__icon" aria-hidden>
              <ShieldAlert />
            </span>
          ) : n.type === "data_export" ? (
            <span className="notification__icon" aria-hidden>
              <ArrowDown />
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
      <SkeletonRows
        count={rows}
        item="notification notification--skeleton"
        row="notification__link"
        avatar="notification__skeleton-avatar"
        body="notification__body"
        line="notification__skeleton-line"
      />
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
  const shown = withPendingReads(notifications, usePendingReads());
  if (shown.length === 0) {
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
      {shown.map((n) => (
        <NotificationItem key={n.id} notification={n} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/**
 * 'Mark all as read' as a real form (without JavaScript it posts and comes back to the page).
 * With JavaScript a fetcher posts it in place: the lists show everything read at once (see
 * usePendingReads) and the page's data reloads after.
 */
export function MarkAllReadButton({ className }: { className?: string }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={READ_ALL_ACTION} className="notification-mark-all">
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button type="submit" className={className ?? "btn btn--ghost btn--sm"} disabled={fetcher.state !== "idle"}>
        <CheckCheck aria-hidden size={18} />
        Mark all as read
      </button>
    </fetcher.Form>
  );
}
