// The components the server renders directly while the browser loads them only when they open
// (registered by app/server-parts.server.ts). A page without JavaScript shows them too, so the
// build keeps their stylesheets with the page (vite.config.ts reads this list).
// tests/unit/server-parts.test.ts checks that it names every registered part.
export const SERVER_PART_MODULES = ["components/grams/GramsOverlay", "components/auth/LoginDialog", "components/notifications/NotificationBell"] as const;
