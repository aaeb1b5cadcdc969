// "Load older messages": with JavaScript a fetcher loads the 50 before the oldest on screen
// (GET /api/messages/{username}?before=<id>) and they go in above; without it the link
// opens the page of older messages.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { notify } from "~/components/shell/notify";
import { firstServerId, mergeMessages, type ThreadMessage } from "./thread-state";
import { threadUrl, type ThreadData } from "./use-thread";

export function useOlderMessages({
  username,
  messages,
  initialHasMore,
  setMessages,
  keepPosition,
}: {
  username: string;
  messages: ThreadMessage[];
  initialHasMore: boolean;
  setMessages: Dispatch<SetStateAction<ThreadMessage[]>>;
  /** Called just before the older messages go in. */
  keepPosition: () => void;
}) {
  const fetcher = useFetcher<Partial<ThreadData> & { error?: string }>();
  const { load, data } = fetcher;
  const [hasMore, setHasMore] = useState(initialHasMore);
  const first = firstServerId(messages);

  useEffect(() => {
    if (!data) return;
    if (!data.messages) {
      notify.error("Couldn't load older messages. Please try again.");
      return;
    }
    const older = data.messages;
    keepPosition();
    setMessages((current) => mergeMessages(current, older));
    setHasMore(Boolean(data.has_more));
  }, [data, keepPosition, setMessages]);

  const loading = fetcher.state !== "idle";
  const loadOlder = () => {
    if (first && !loading) load(threadUrl(username, `?before=${first}`));
  };
  return { first, hasMore, loading, loadOlder };
}
