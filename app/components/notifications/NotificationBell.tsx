// Placeholder until the notifications dropdown lands: a plain link to the list.
import { Link } from "@remix-run/react";
import { Bell } from "lucide-react";

export function NotificationBell() {
  return (
    <Link to="/notifications" className="icon-button" aria-label="Notifications">
      <Bell aria-hidden />
    </Link>
  );
}
