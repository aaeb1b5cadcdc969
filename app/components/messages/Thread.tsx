// One conversation: the header (who, the block toggle), the messages with day separators,
// "Sent"/"Seen" under my latest message, "Load older", and the composer.
//
// Messages arrive from four places and are merged by id: the page's loader, the composer
// (an optimistic copy with a temporary id, replaced by the server's message), the live
// stream (the partner's messages, and mine from other tabs) and catch-up fetches
// (`?after=<last id>`) after the stream was down. Fetching changes nothing: while the page
// is visible, the partner's unread messages are marked read with a POST to
// /api/messages/{username}/read, which the partner sees as "Seen". Without JavaScript the
// same POST is a "Mark as read" button.
import { Link, useRevalidator } from "@remix-run/react";
import { ArrowDown, ArrowLeft, Ban, Loader2, MoreHorizontal, RotateCcw, Trash2, UserRound, WifiOff } from "~/components/icons";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formFields, postForm } from "~/components/admin/form-post";
import { useHydrated } from "remix-utils/use-hydrated";
import { useLiveEvents } from "~/components/realtime";
import { Avatar } from "~/components/shell/Avatar";
import { notify } from "~/components/shell/notify";
import { Composer } from "./Composer";
import { displayName, smallAvatar } from "./ConversationList";
import {
  clockTime,
  confirmMessage,
  failMessage,
  firstServerId,
  lastServerId,
  markSeen,
  mergeMessages,
  newestUnreadIncoming,
  receiptFor,
  receiveMessage,
  removeMessage,
  retryMessage,
  temporaryMessage,
  threadRows,
  type ChatMessage,
  type ChatUser,
  type ThreadMessage,
} from "./thread-state";
import { useClock } from "./use-clock";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export type ThreadData = {
  user: ChatUser;
  messages: ChatMessage[];
  has_more: boolean;
  can_message: boolean;
  blocked_by_me: boolean;
};

/** How close to the bottom (px) still counts as "at the bottom". */
const NEAR_BOTTOM = 120;

function threadUrl(username: string, query = ""): string {
  return `/api/messages/${encodeURIComponent(username)}${query}`;
}

function readUrl(username: string): string {
  return `/api/messages/${encodeURIComponent(username)}/read`;
}

async function fetchThread(username: string, query: string): Promise<ThreadData | null> {
  try {
    const response = await fetch(threadUrl(username, query), { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return null;
    return (await response.json()) as ThreadData;
  } catch {
    return null;
  }
}

/** Block or unblock: a real form; with JavaScript it posts in place and reloads the page data. */
export function BlockForm({
  username,
  blocked,
  redirectTo,
  className = "btn btn--secondary btn--sm",
  onDone,
}: {
  username: string;
  blocked: boolean;
  redirectTo: string;
  className?: string;
  onDone?: () => void;
}) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action={`/api/users/${encodeURIComponent(username)}/block`}
      className="msg-block-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        const result = await postForm<{ blocked: boolean }>(event.currentTarget.action, formFields(event.currentTarget));
        setBusy(false);
        if (!result.ok) {
          notify.error(result.error);
          return;
        }
        notify.success(result.data.blocked ? `You blocked @${username}` : `You unblocked @${username}`);
        onDone?.();
        revalidator.revalidate();
      }}
    >
      <input type="hidden" name="blocked" value={blocked ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={className} disabled={busy} data-danger={blocked ? undefined : "true"}>
        <Ban aria-hidden size={16} />
        {blocked ? `Unblock @${username}` : `Block @${username}`}
      </button>
    </form>
  );
}

/** The "⋯" menu of the thread header: a <details> disclosure, so it works without JavaScript. */
function ThreadMenu({ username, blocked, redirectTo }: { username: string; blocked: boolean; redirectTo: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointer = (event: Event) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details className="msg-menu" ref={ref}>
      <summary className="icon-button msg-menu__trigger" aria-label="Conversation options">
        <MoreHorizontal aria-hidden />
        <span className="visually-hidden">Conversation options</span>
      </summary>
      <div className="msg-menu__panel">
        <Link to={`/user/${encodeURIComponent(username)}`} className="msg-menu__item">
          <UserRound aria-hidden size={16} /> View profile
        </Link>
        <BlockForm
          username={username}
          blocked={blocked}
          redirectTo={redirectTo}
          className="msg-menu__item"
          onDone={() => ref.current?.removeAttribute("open")}
        />
      </div>
    </details>
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
  const here = `/messages/${encodeURIComponent(username)}`;
  const hydrated = useHydrated();
  const clock = useClock(serverNow);
  const revalidator = useRevalidator();

  const [messages, setMessages] = useState<ThreadMessage[]>(thread.messages);
  const [hasMore, setHasMore] = useState(thread.has_more);
  const [access, setAccess] = useState({ can_message: thread.can_message, blocked_by_me: thread.blocked_by_me });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [newBelow, setNewBelow] = useState(0);
  const latest = useRef(messages);
  latest.current = messages;

  // Fresh page data (a revalidation after blocking, for example) merges in.
  useEffect(() => {
    setMessages((current) => mergeMessages(current, thread.messages));
    setAccess({ can_message: thread.can_message, blocked_by_me: thread.blocked_by_me });
  }, [thread]);

  // ------------------------------------------------------------ scrolling
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastKey = useRef<string | null>(null);
  const keepFromBottom = useRef<number | null>(null);

  const scrollToBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? "smooth" : "auto" });
    nearBottom.current = true;
    setNewBelow(0);
  }, []);

  useIsoLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
    const last = messages[messages.length - 1];
    const key = last ? last.temp_id ?? `m-${last.id}` : null;
    if (key !== lastKey.current) {
      const first = lastKey.current === null;
      if (first || nearBottom.current || last?.from_me) {
        element.scrollTop = element.scrollHeight;
        nearBottom.current = true;
      } else if (last && !last.from_me) {
        setNewBelow((count) => count + 1);
      }
      lastKey.current = key;
    }
  }, [messages]);

  // ------------------------------------------------------------ catching up and reading
  const catchingUp = useRef(false);
  const catchUp = useCallback(async () => {
    if (catchingUp.current) return;
    catchingUp.current = true;
    try {
      for (let round = 0; round < 5; round += 1) {
        const after = lastServerId(latest.current);
        const data = await fetchThread(username, after ? `?after=${after}` : "");
        if (!data) return;
        setMessages((current) => data.messages.reduce(receiveMessage, current));
        setAccess({ can_message: data.can_message, blocked_by_me: data.blocked_by_me });
        if (!after || !data.has_more) return;
        latest.current = mergeMessages(latest.current, data.messages);
      }
    } finally {
      catchingUp.current = false;
    }
  }, [username]);

  // The last of the partner's messages already reported read, so each is posted once.
  const readUpTo = useRef(0);
  const markRead = useCallback(() => {
    const newest = newestUnreadIncoming(latest.current, readUpTo.current);
    if (newest === null) return;
    readUpTo.current = newest;
    void postForm(readUrl(username), new URLSearchParams());
  }, [username]);

  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const readWhenVisible = useRef(false);
  const markReadSoon = useCallback(() => {
    if (document.visibilityState !== "visible") {
      readWhenVisible.current = true;
      return;
    }
    if (readTimer.current) clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => void catchUp().then(markRead), 250);
  }, [catchUp, markRead]);

  // Opening the conversation reads it, once the page is in view.
  useEffect(() => {
    if (before === null) markReadSoon();
  }, [markReadSoon, before]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && readWhenVisible.current) {
        readWhenVisible.current = false;
        void catchUp().then(markRead);
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      if (readTimer.current) clearTimeout(readTimer.current);
    };
  }, [catchUp, markRead]);

  const status = useLiveEvents({
    message: ({ message, partner: other }) => {
      if (other.id !== partner.id) return;
      setMessages((current) => receiveMessage(current, message));
      if (!message.from_me) markReadSoon();
    },
    read: ({ reader_id, partner_id, read_at }) => {
      if (reader_id === partner.id && partner_id === me) setMessages((current) => markSeen(current, read_at));
    },
    reconnect: () => void catchUp(),
    poll: () => void catchUp(),
  });

  // ------------------------------------------------------------ sending
  const deliver = useCallback(
    async (message: ThreadMessage) => {
      const tempId = message.temp_id!;
      const result = await postForm<{ message: ChatMessage }>("/api/messages", { to: username, content: message.content });
      if (result.ok) {
        setMessages((current) => confirmMessage(current, tempId, result.data.message));
        return;
      }
      setMessages((current) => failMessage(current, tempId, result.error));
      notify.error(result.error);
      if (result.status === 403) revalidator.revalidate();
    },
    [username, revalidator],
  );

  const send = useCallback(
    (content: string) => {
      const temp = temporaryMessage(me, partner.id, content);
      nearBottom.current = true;
      setMessages((current) => [...current, temp]);
      void deliver(temp);
    },
    [me, partner.id, deliver],
  );

  const retry = (message: ThreadMessage) => {
    setMessages((current) => retryMessage(current, message.temp_id!));
    void deliver({ ...message, status: "sending" });
  };

  // ------------------------------------------------------------ older messages
  const first = firstServerId(messages);
  async function loadOlder() {
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    const data = await fetchThread(username, `?before=${first}`);
    setLoadingOlder(false);
    if (!data) {
      notify.error("Couldn't load older messages. Please try again.");
      return;
    }
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    setMessages((current) => mergeMessages(current, data.messages));
    setHasMore(data.has_more);
  }

  const rows = useMemo(() => threadRows(messages, clock.now, clock.timeZone), [messages, clock.now, clock.timeZone]);
  const receipt = receiptFor(messages);
  const name = displayName(partner);
  const connection = status === "reconnecting" || status === "polling";

  return (
    <section className="msg-thread" aria-label={`Conversation with @${username}`}>
      <header className="msg-thread__header">
        <Link to="/messages" className="icon-button msg-thread__back">
          <ArrowLeft aria-hidden />
          <span className="visually-hidden">All conversations</span>
        </Link>
        <Link to={`/user/${encodeURIComponent(username)}`} className="msg-thread__who">
          <Avatar name={username} image={smallAvatar(partner.profileImage)} size={40} />
          <span className="msg-thread__names">
            <span className="msg-thread__name">{name}</span>
            <span className="msg-thread__handle">@{username}</span>
          </span>
        </Link>
        {connection ? (
          <span className="chip msg-thread__status" role="status">
            <WifiOff aria-hidden size={14} /> Reconnecting…
          </span>
        ) : null}
        <ThreadMenu username={username} blocked={access.blocked_by_me} redirectTo={here} />
      </header>

      <div
        className="msg-thread__scroll"
        ref={scroller}
        // Focusable, so the history can be scrolled with the keyboard (arrows, Page Up).
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
          if (nearBottom.current && newBelow) setNewBelow(0);
        }}
      >
        {hasMore && first ? (
          <div className="msg-thread__older">
            <Link
              to={`${here}?before=${first}`}
              className="btn btn--secondary btn--sm"
              preventScrollReset
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                void loadOlder();
              }}
              aria-disabled={loadingOlder || undefined}
            >
              {loadingOlder ? <Loader2 className="msg-spin" aria-hidden size={16} /> : null}
              {loadingOlder ? "Loading…" : "Load older messages"}
            </Link>
          </div>
        ) : messages.length > 0 ? (
          <div className="msg-thread__intro msg-thread__intro--small">
            <Avatar name={username} image={smallAvatar(partner.profileImage)} size={56} />
            <p>This is the start of your conversation with {name}.</p>
          </div>
        ) : null}

        {messages.length === 0 ? (
          <div className="msg-thread__intro">
            <Avatar name={username} image={smallAvatar(partner.profileImage)} size={80} />
            <p className="msg-thread__intro-title">{name}</p>
            <p className="msg-thread__intro-text">
              {access.can_message ? `Say hi to @${username}. Your messages appear here.` : "No messages yet."}
            </p>
          </div>
        ) : (
          // The live region wraps the list: a list keeps its list semantics for screen readers.
          <div role="log" aria-label="Messages" data-testid="message-list">
          <ol className="msg-thread__list">
            {rows.map((row) =>
              row.kind === "day" ? (
                <li key={row.key} className="msg-day">
                  <span suppressHydrationWarning>{row.label}</span>
                </li>
              ) : (
                <li
                  key={row.key}
                  className="msg"
                  data-from={row.message.from_me ? "me" : "them"}
                  data-first={row.first ? "true" : "false"}
                  data-last={row.last ? "true" : "false"}
                  data-status={row.message.status ?? "sent"}
                  data-message-id={row.message.id > 0 ? row.message.id : undefined}
                >
                  {!row.message.from_me ? (
                    <span className="msg__avatar" aria-hidden>
                      {row.last ? <Avatar name={username} image={smallAvatar(partner.profileImage)} size={28} /> : null}
                    </span>
                  ) : null}
                  <div className="msg__body">
                    <p className="msg__bubble">
                      <span className="visually-hidden">{row.message.from_me ? "You: " : `${name}: `}</span>
                      {row.message.content}
                    </p>
                    {row.message.status === "failed" ? (
                      <span className="msg__failed" role="alert">
                        Not sent{row.message.error ? `: ${row.message.error}` : ""}.
                        <button type="button" className="msg__failed-action" onClick={() => retry(row.message)}>
                          <RotateCcw aria-hidden size={14} /> Retry
                        </button>
                        <button
                          type="button"
                          className="msg__failed-action"
                          onClick={() => setMessages((current) => removeMessage(current, row.message.temp_id!))}
                        >
                          <Trash2 aria-hidden size={14} /> Discard
                        </button>
                      </span>
                    ) : row.message.status === "sending" ? (
                      <span className="msg__meta">Sending…</span>
                    ) : row.last || receipt?.id === row.message.id ? (
                      <span className="msg__meta">
                        <time dateTime={row.message.created_at} suppressHydrationWarning>
                          {clockTime(row.message.created_at, clock.timeZone)}
                        </time>
                        {receipt?.id === row.message.id ? (
                          <span className="msg__receipt" data-testid="receipt">
                            {" · "}
                            {receipt.text}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </div>
                </li>
              ),
            )}
          </ol>
          </div>
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
        <button type="button" className="msg-thread__jump" onClick={() => scrollToBottom(true)}>
          <ArrowDown aria-hidden size={16} /> {newBelow === 1 ? "1 new message" : `${newBelow} new messages`}
        </button>
      ) : null}

      {!hydrated && newestUnreadIncoming(messages, 0) !== null ? (
        // Without JavaScript nothing reads the conversation for you: one button does.
        <form method="post" action={readUrl(username)} className="msg-thread__older">
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="btn btn--secondary btn--sm">
            Mark as read
          </button>
        </form>
      ) : null}

      {access.can_message ? (
        <Composer to={username} redirectTo={here} onSend={send} autoFocus />
      ) : (
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
      )}
    </section>
  );
}
