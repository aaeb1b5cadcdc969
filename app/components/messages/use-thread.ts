// The data of one open conversation: the messages on screen and who may write, kept from
// the page's loader, the live stream and the composer's sends, and reading the partner's
// messages while the page is in view.
//
// Messages are merged by id (thread-state.ts): the loader's (every revalidation merges in),
// the composer's optimistic copies (replaced by the server's message), and the live stream's
// (the partner's messages, and mine from other tabs). After the stream was down the page's
// loaders are revalidated, which brings what was missed. Reading the conversation is a POST
// to /api/messages/{username}/read through a fetcher; the partner sees "Seen".
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useLiveEvents } from "~/components/realtime";
import { markSeen, newestUnreadIncoming, receiveMessage, type ChatMessage, type ChatUser, type ThreadMessage } from "./thread-state";
import { apiPaths } from "~/lib/paths";

export type ThreadData = {
  user: ChatUser;
  messages: ChatMessage[];
  has_more: boolean;
  can_message: boolean;
  blocked_by_me: boolean;
};

export type Access = { can_message: boolean; blocked_by_me: boolean };

export function threadUrl(username: string, query = ""): string {
  return apiPaths.conversation(username, query);
}

export function readUrl(username: string): string {
  return apiPaths.conversationRead(username);
}

/** The messages on screen, with the loader's fresh data merged in whenever it comes. */
function useMergedMessages(thread: ThreadData) {
  const [messages, setMessages] = useState<ThreadMessage[]>(thread.messages);
  const [access, setAccess] = useState<Access>({ can_message: thread.can_message, blocked_by_me: thread.blocked_by_me });
  useEffect(() => {
    setMessages((current) => thread.messages.reduce(receiveMessage, current));
    setAccess({ can_message: thread.can_message, blocked_by_me: thread.blocked_by_me });
  }, [thread]);
  return { messages, setMessages, access };
}

/**
 * Marks the partner's unread messages read, each once, while the page is visible: `soon()`
 * asks for it (now, or when the tab comes back into view).
 */
function useMarkRead(username: string, messages: ThreadMessage[]) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const readUpTo = useRef(0);
  const [wanted, setWanted] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === "visible");
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  // Each request (a new message, opening the page) reads what is unread, after a short pause.
  useEffect(() => {
    if (wanted === 0 || !visible) return;
    const timer = setTimeout(() => {
      const newest = newestUnreadIncoming(messages, readUpTo.current);
      if (newest === null) return;
      readUpTo.current = newest;
      submit({}, { method: "post", action: readUrl(username), encType: "application/json" });
    }, 250);
    return () => clearTimeout(timer);
  }, [wanted, visible, messages, username, submit]);

  return useCallback(() => setWanted((count) => count + 1), []);
}

export function useThread({ thread, me, before }: { thread: ThreadData; me: number; before: number | null }) {
  const partnerId = thread.user.id;
  const { messages, setMessages, access } = useMergedMessages(thread);
  const markReadSoon = useMarkRead(thread.user.username, messages);
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;

  // Opening the conversation reads it, once the page is in view (not an older page).
  useEffect(() => {
    if (before === null) markReadSoon();
  }, [markReadSoon, before]);

  const status = useLiveEvents({
    message: ({ message, partner: other }) => {
      if (other.id !== partnerId) return;
      setMessages((current) => receiveMessage(current, message));
      if (!message.from_me) markReadSoon();
    },
    read: ({ reader_id, partner_id, read_at }) => {
      if (reader_id === partnerId && partner_id === me) setMessages((current) => markSeen(current, read_at));
    },
    reconnect: () => revalidate(),
    poll: () => revalidate(),
  });

  return { messages, setMessages: setMessages as Dispatch<SetStateAction<ThreadMessage[]>>, access, status, revalidate };
}
