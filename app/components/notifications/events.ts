/** Dispatch this on window to make every notification bell refresh now (a realtime stream, a page that marked something read). */
export const NOTIFICATIONS_CHANGED_EVENT = "notifications:changed";

export function announceNotificationsChanged() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
}
