// The left column of /messages: one row per conversation with the other person, the last
// message, its time and how many of their messages wait unread.
import { Link } from "~/components/shell/Link";
import { Ban } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { badgeText } from "~/lib/constants";
import { AVATAR_SMALL_SIZE, variantUrl } from "~/lib/media/media-types";
import { messagesPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import { previewText, type Conversation } from "./thread-state";
import { SkeletonRows } from "~/components/shell/SkeletonRows";

/** The small variant of an uploaded avatar (the list shows 48px pictures). */
export function smallAvatar(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith("/media/avatars/") ? variantUrl(url, AVATAR_SMALL_SIZE) : url;
}

export function displayName(user: { username: string; nickname: string | null }): string {
  return user.nickname?.trim() || `@${user.username}`;
}

function shortTime(iso: string, now: number): string {
  return relativeTime(iso, now).replace(/ ago$/, "");
}

export function ConversationList({ conversations, activeUsername, now }: { conversations: Conversation[]; activeUsername: string | null; now: number }) {
  if (conversations.length === 0) {
    return <p className="msg-list__none">Your conversations will show up here.</p>;
  }
  return (
    <ul className="msg-list" aria-label="Conversations" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const { user, last_message: last } = conversation;
        const active = activeUsername !== null && activeUsername.toLowerCase() === user.username;
        const unread = active ? 0 : conversation.unread_count;
        return (
          <li key={user.id} className="msg-list__item" data-unread={unread > 0 ? "true" : "false"} data-username={user.username}>
            <Link to={messagesPath(user.username)} className="msg-row" aria-current={active ? "page" : undefined} prefetch="intent">
              <span className="msg-row__avatar">
                <Avatar name={user.username} image={smallAvatar(user.profileImage)} size={48} />
              </span>
              <span className="msg-row__body">
                <span className="msg-row__top">
                  <span className="msg-row__name">{displayName(user)}</span>
                  <time className="msg-row__time" dateTime={last.created_at} suppressHydrationWarning>
                    {shortTime(last.created_at, now)}
                  </time>
                </span>
                <span className="msg-row__bottom">
                  <span className="msg-row__preview">
                    {conversation.blocked ? <Ban aria-label="Blocked" size={14} className="msg-row__blocked" /> : null}
                    {last.from_me ? <span className="msg-row__you">You: </span> : null}
                    {previewText(last.content)}
                  </span>
                  {unread > 0 ? (
                    <span className="badge msg-row__unread" aria-label={`${unread} unread`}>
                      {badgeText(unread)}
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Loading rows with the list's shape. */
export function ConversationSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul className="msg-list" aria-hidden>
      <SkeletonRows count={rows} item="msg-list__item" row="msg-row" avatar="msg-row__skeleton-avatar" body="msg-row__body" line="msg-row__skeleton-line" />
    </ul>
  );
}
