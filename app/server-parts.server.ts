// The parts the server renders directly but the browser downloads only when they open
// (app/lib/client/server-parts.tsx). The server's entry calls `registerServerParts()`: a call,
// not a bare import, since the package is marked free of side effects and the bundler
// drops bare imports. Only the server's entry imports this module, so they stay out of the
// browser build.
import { GramsOverlay } from "~/components/grams/GramsOverlay";
import { GRAMS_OVERLAY_PART } from "~/components/grams/GramsLauncher";
import { LoginDialog } from "~/components/auth/LoginDialog";
import { LOGIN_DIALOG_PART } from "~/components/auth/LoginModal";
import { NotificationBell } from "~/components/notifications/NotificationBell";
import { NOTIFICATION_BELL_PART } from "~/components/shell/Header";
import { provideServerPart } from "~/lib/client/server-parts";

export function registerServerParts(): void {
  provideServerPart(GRAMS_OVERLAY_PART, GramsOverlay);
  provideServerPart(LOGIN_DIALOG_PART, LoginDialog);
  provideServerPart(NOTIFICATION_BELL_PART, NotificationBell);
}
