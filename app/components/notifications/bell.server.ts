// The notification bell for server rendering. Remix keeps `*.server` modules out of the
// browser build: only members' pages render the bell, so only members download its popover.
export { NotificationBell } from "./NotificationBell";
