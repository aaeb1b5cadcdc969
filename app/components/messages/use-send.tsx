// Sending messages: the composer's text shows at once as an optimistic copy (a temporary
// id, "Sending…"), and each copy is posted to /api/messages by its own fetcher (see
// Delivery): a second message never cancels the first. The answer replaces the copy with
// the server's message, or marks it failed with the API's error (Retry, Discard).
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { notify } from "~/components/shell/notify";
import { confirmMessage, failMessage, removeMessage, retryMessage, temporaryMessage, type ChatMessage, type ThreadMessage } from "./thread-state";
import { errorOr } from "~/lib/client/fetcher-answer";
import { apiPaths } from "~/lib/paths";

type SendAnswer = { message?: ChatMessage; error?: string };

type Setter = Dispatch<SetStateAction<ThreadMessage[]>>;

export type Sending = {
  send: (content: string) => void;
  retry: (message: ThreadMessage) => void;
  discard: (message: ThreadMessage) => void;
  sent: (tempId: string, message: ChatMessage) => void;
  failed: (tempId: string, error: string) => void;
};

export function useSend({
  me,
  partnerId,
  setMessages,
  onSend,
  revalidate,
}: {
  me: number;
  partnerId: number;
  setMessages: Setter;
  /** Called as a message is sent (the thread scrolls to it). */
  onSend: () => void;
  revalidate: () => void;
}): Sending {
  const send = useCallback(
    (content: string) => {
      onSend();
      setMessages((current) => [...current, temporaryMessage(me, partnerId, content)]);
    },
    [me, partnerId, onSend, setMessages],
  );
  const retry = useCallback((message: ThreadMessage) => setMessages((current) => retryMessage(current, message.temp_id!)), [setMessages]);
  const discard = useCallback((message: ThreadMessage) => setMessages((current) => removeMessage(current, message.temp_id!)), [setMessages]);
  const sent = useCallback((tempId: string, message: ChatMessage) => setMessages((current) => confirmMessage(current, tempId, message)), [setMessages]);
  const failed = useCallback(
    (tempId: string, error: string) => {
      setMessages((current) => failMessage(current, tempId, error));
      notify.error(error);
      // Blocked or signed out meanwhile: the page's data says so (the composer closes, or
      // the sign-in page asks to sign in again). An error answer reloads nothing by itself.
      revalidate();
    },
    [setMessages, revalidate],
  );
  return { send, retry, discard, sent, failed };
}

/**
 * One message on its way: posts it once when it mounts (again on Retry, which mounts a new
 * one) and reports the answer. Shows "Sending…" meanwhile.
 */
export function Delivery({ to, message, sending }: { to: string; message: ThreadMessage; sending: Sending }) {
  const fetcher = useFetcher<SendAnswer>();
  const { submit, state, data } = fetcher;
  const posted = useRef(false);
  const [started, setStarted] = useState(false);
  const tempId = message.temp_id!;
  const content = message.content;
  const { sent, failed } = sending;

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    submit({ to, content }, { method: "post", action: apiPaths.messages, encType: "application/json" });
  }, [submit, to, content]);

  // The saved message counts as soon as it is in; a failure once the fetcher is idle again.
  useEffect(() => {
    if (state !== "idle") setStarted(true);
  }, [state]);
  useEffect(() => {
    if (data?.message) sent(tempId, data.message);
    else if (started && state === "idle") failed(tempId, errorOr(data, "Network error. Please check your connection and try again."));
  }, [started, state, data, tempId, sent, failed]);

  return <span className="msg__meta">Sending…</span>;
}
