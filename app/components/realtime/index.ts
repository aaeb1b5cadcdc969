export { useLiveEvents, type LiveHandlers, type LiveEventData, type LiveMessage, type LiveUser, type LiveStatus } from "./useLiveEvents";
export { useUnreadCount } from "./useUnreadCount";
export { UnreadMessagesBadge } from "./UnreadMessagesBadge";
export { fetchUnreadCount } from "./unread-count";
export { LiveConnection, liveConnection, reconnectDelay } from "./live-connection";
