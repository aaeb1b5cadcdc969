// The moderation log: who did what, to whom, and when, newest first.
import { Link } from "~/components/shell/Link";
import { ScrollText } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { EmptyState } from "~/components/shell/EmptyState";
import { DELETED_MEMBER } from "~/lib/rules/account-deletion";
import { dateTimeFormat } from "~/lib/rules/formats";
import { userPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import type { ModerationLogEntry } from "~/lib/wire";
import { Pager } from "./AdminUsers";
import { describeAction } from "./admin-text";

const stamp = dateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function AdminLog({ actions, cursor, nextCursor, now }: { actions: ModerationLogEntry[]; cursor: number | null; nextCursor: number | null; now: number }) {
  if (actions.length === 0) {
    return (
      <EmptyState icon={<ScrollText />} title="No decisions yet" headingLevel={2}>
        Every dismissal, removal, suspension and role change is recorded here with who made it and when.
      </EmptyState>
    );
  }
  return (
    <>
      <ol className="admin-log" aria-label="Moderation log" data-testid="moderation-log">
        {actions.map((entry) => (
          <li key={entry.id} className="admin-log__entry" data-action={entry.action}>
            <Avatar name={entry.moderator?.username ?? DELETED_MEMBER} size={32} />
            <div className="admin-log__body">
              <p className="admin-log__text">
                {entry.moderator ? (
                  <Link to={userPath(entry.moderator.username)} className="admin-log__who">
                    @{entry.moderator.username}
                  </Link>
                ) : (
                  <span className="admin-log__who">{DELETED_MEMBER}</span>
                )}{" "}
                {describeAction(entry)}
              </p>
              {entry.note ? <p className="admin-log__note">“{entry.note}”</p> : null}
              <time className="admin-log__time" dateTime={entry.created_at} title={`${stamp().format(new Date(entry.created_at))} UTC`} suppressHydrationWarning>
                {relativeTime(entry.created_at, now)}
              </time>
            </div>
          </li>
        ))}
      </ol>
      <Pager tab="log" cursor={cursor} nextCursor={nextCursor} />
    </>
  );
}
