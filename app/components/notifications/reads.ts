// Notification reads on their way, seen through every fetcher on the page: the bell and
// the lists show those notifications as read at once, before the server answers.
import { useFetchers } from "@remix-run/react";
import type { NotificationView } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";

export const READ_ALL_ACTION = apiPaths.notificationsReadAll;
const READ_ONE = /^\/api\/notifications\/(\d+)\/read$/;

export function readAction(id: number): string {
  return apiPaths.notificationRead(id);
}

export type PendingReads = {
  /** Notifications being marked read one by one. */
  ids: ReadonlySet<number>;
  /** Whether 'Mark all as read' is on its way. */
  all: boolean;
};

/** The reads that fetchers are sending (or whose page data is reloading) right now. */
export function usePendingReads(): PendingReads {
  const ids = new Set<number>();
  let all = false;
  for (const fetcher of useFetchers()) {
    if (fetcher.state === "idle" || !fetcher.formAction) continue;
    const path = fetcher.formAction.split("?")[0];
    if (path === READ_ALL_ACTION) all = true;
    const one = READ_ONE.exec(path);
    if (one) ids.add(Number(one[1]));
  }
  return { ids, all };
}

/** `notifications` as they will be once the pending reads are done. */
export function withPendingReads(notifications: NotificationView[], pending: PendingReads): NotificationView[] {
  if (!pending.all && pending.ids.size === 0) return notifications;
  return notifications.map((n) => (!n.is_read && (pending.all || pending.ids.has(n.id)) ? { ...n, is_read: true } : n));
}

/** The unread count once the pending reads are done (only unread rows send a read). */
export function unreadAfter(count: number, pending: PendingReads): number {
  return pending.all ? 0 : Math.max(0, count - pending.ids.size);
}
