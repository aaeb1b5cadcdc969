// The unread messages count as a badge ("99+" above 99), for the Messages buttons of the
// header, sidebar and bottom bar. Renders nothing when there is nothing unread or nobody
// is signed in. Place it inside the `.icon-button` (the badge sits on its corner).
import { badgeText } from "~/lib/constants";
import { useUnreadCount } from "./useUnreadCount";
import { useRootData } from "~/lib/client/user";

export function UnreadMessagesBadge({ className = "badge" }: { className?: string }) {
  const root = useRootData();
  const { count } = useUnreadCount({ enabled: Boolean(root?.user) });
  if (count <= 0) return null;
  return (
    <span className={className} data-testid="unread-messages">
      {badgeText(count)}
      <span className="visually-hidden"> unread message{count === 1 ? "" : "s"}</span>
    </span>
  );
}
