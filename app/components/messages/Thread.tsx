// One conversation: the header (who, the block toggle), the messages with day separators,
// "Sent"/"Seen" under my latest message, "Load older", and the composer. The data and its
// live updates are useThread's, sending is useSend's, the scroll position useThreadScroll's.
// Without JavaScript nothing reads the conversation for you: a "Mark as read" button does.
import { Link } from "~/components/shell/Link";
import { useMemo } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { ArrowDown, Loader2 } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { messagesPath } from "~/lib/paths";
import { BlockForm } from "./BlockForm";
import { Composer } from "./Composer";
import { displayName, smallAvatar } from "./ConversationList";
import { MessageList } from "./MessageList";
import { ThreadHeader } from "./ThreadHeader";
import { newestUnreadIncoming, threadRows, type ChatUser } from "./thread-state";
import { useClock } from "./use-clock";
import { useOlderMessages } from "./use-older-messages";
import { useSend } from "./use-send";
import { readUrl, useThread, type Access, type ThreadData } from "./use-thread";
import { useThreadScroll } from "./use-thread-scroll";

export type { ThreadData };

/** "Load older messages" (a link to the older page without JavaScript). */
function OlderLink({ href, loading, onLoad }: { href: string; loading: boolean; onLoad: () => void }) {
  const hydrated = useHydrated();
  return (
    <div className="msg-thread__older">
      <Link
        to={href}
        className="btn btn--secondary btn--sm"
        preventScrollReset
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onLoad();
        }}
        aria-disabled={loading || undefined}
      >
        {loading ? <Loader2 className="msg-spin" aria-hidden size={16} /> : null}
        {loading ? "Loading…" : "Load older messages"}
      </Link>
    </div>
  );
}

/** The top of a conversation with no messages, or above its very first one. */
function ThreadIntro({ partner, empty, canMessage }: { partner: ChatUser; empty: boolean; canMessage: boolean }) {
  const name = displayName(partner);
  if (!empty) {
    return (
      <div className="msg-thread__intro msg-thread__intro--small">
        <Avatar name={partner.username} image={smallAvatar(partner.profileImage)} size={56} />
        <p>This is the start of your conversation with {name}.</p>
      </div>
    );
  }
  return (
    <div className="msg-thread__intro">
      <Avatar name={partner.username} image={smallAvatar(partner.profileImage)} size={80} />
      <p className="msg-thread__intro-title">{name}</p>
      <p className="msg-thread__intro-text">{canMessage ? `Say hi to @${partner.username}. Your messages appear here.` : "No messages yet."}</p>
    </div>
  );
}

/** Below the messages: the composer, or why there is none. */
function ThreadFooter({ username, access, here, onSend }: { username: string; access: Access; here: string; onSend: (content: string) => void }) {
  if (access.can_message) return <Composer to={username} redirectTo={here} onSend={onSend} autoFocus />;
  return (
    <div className="msg-thread__closed" role="status">
      {access.blocked_by_me ? (
        <>
          <p>You blocked @{username}. Unblock them to send messages.</p>
          <BlockForm username={username} blocked redirectTo={here} />
        </>
      ) : (
        <p>You can't message this user</p>
      )}
    </div>
  );
}

export function Thread({
  thread,
  me,
  before,
  serverNow,
}: {
  thread: ThreadData;
  me: number;
  /** Set when the page shows an older page (no-JavaScript paging). */
  before: number | null;
  serverNow: number;
}) {
  const partner = thread.user;
  const username = partner.username;
  const here = messagesPath(username);
  const hydrated = useHydrated();
  const clock = useClock(serverNow);
  const { messages, setMessages, access, status, revalidate } = useThread({ thread, me, before });
  const scroll = useThreadScroll(messages);
  const older = useOlderMessages({ username, messages, initialHasMore: thread.has_more, setMessages, keepPosition: scroll.keepPosition });
  const sending = useSend({ me, partnerId: partner.id, setMessages, onSend: scroll.follow, revalidate });
  const rows = useMemo(() => threadRows(messages, clock.now, clock.timeZone), [messages, clock.now, clock.timeZone]);
  const { newBelow } = scroll;

  return (
    <section className="msg-thread" aria-label={`Conversation with @${username}`}>
      <ThreadHeader partner={partner} blocked={access.blocked_by_me} reconnecting={status === "reconnecting" || status === "polling"} redirectTo={here} />

      <div
        className="msg-thread__scroll"
        ref={scroll.scroller}
        // Focusable, so the history can be scrolled with the keyboard (arrows, Page Up).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
        tabIndex={0}
        onScroll={scroll.onScroll}
      >
        {older.hasMore && older.first ? (
          <OlderLink href={`${here}?before=${older.first}`} loading={older.loading} onLoad={older.loadOlder} />
        ) : messages.length > 0 ? (
          <ThreadIntro partner={partner} empty={false} canMessage={access.can_message} />
        ) : null}

        {messages.length === 0 ? (
          <ThreadIntro partner={partner} empty canMessage={access.can_message} />
        ) : (
          <MessageList rows={rows} messages={messages} partner={partner} name={displayName(partner)} timeZone={clock.timeZone} sending={sending} />
        )}

        {before ? (
          <div className="msg-thread__older">
            <Link to={here} className="btn btn--secondary btn--sm">
              Show newest messages
            </Link>
          </div>
        ) : null}
      </div>

      {newBelow > 0 ? (
        <button type="button" className="msg-thread__jump" onClick={() => scroll.scrollToBottom(true)}>
          <ArrowDown aria-hidden size={16} /> {newBelow === 1 ? "1 new message" : `${newBelow} new messages`}
        </button>
      ) : null}

      {!hydrated && newestUnreadIncoming(messages, 0) !== null ? (
        <form method="post" action={readUrl(username)} className="msg-thread__older">
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="btn btn--secondary btn--sm">
            Mark as read
          </button>
        </form>
      ) : null}

      <ThreadFooter username={username} access={access} here={here} onSend={sending.send} />
    </section>
  );
}
