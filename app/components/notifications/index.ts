// Notification components for the shell and the /notifications page.
export { NotificationBell } from "./NotificationBell";
export { MarkAllReadButton, NotificationList, NotificationSkeleton, type NotificationView } from "./NotificationList";
export { NOTIFICATIONS_CHANGED_EVENT, announceNotificationsChanged } from "./events";
