// Notification components for the /notifications page and events for the shell (the bell
// itself is loaded by the header, only on members' pages).
export { MarkAllReadButton, NotificationList, NotificationSkeleton, type NotificationView } from "./NotificationList";
export { NOTIFICATIONS_CHANGED_EVENT, announceNotificationsChanged } from "./events";
export { unreadAfter, usePendingReads, withPendingReads } from "./reads";
