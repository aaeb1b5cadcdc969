// The thread's messages: day separators, bubbles grouped by sender, and under a bubble
// its state: "Sending…" (its Delivery), "Not sent" with Retry and Discard, or the time
// with "Sent"/"Seen" under my latest message.
import { RotateCcw, Trash2 } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { LinkedText } from "~/components/text/LinkedText";
import { smallAvatar } from "./ConversationList";
import { clockTime, receiptFor, type ChatUser, type ThreadMessage, type ThreadRow } from "./thread-state";
import { Delivery, type Sending } from "./use-send";

type RowProps = {
  row: Extract<ThreadRow, { kind: "message" }>;
  partner: ChatUser;
  name: string;
  receipt: ReturnType<typeof receiptFor>;
  timeZone: string | undefined;
  sending: Sending;
};

function MessageState({ row, receipt, timeZone, sending, partner }: Omit<RowProps, "name">) {
  const message = row.message;
  if (message.status === "failed") {
    return (
      <span className="msg__failed" role="alert">
        Not sent{message.error ? `: ${message.error}` : ""}.
        <button type="button" className="msg__failed-action" onClick={() => sending.retry(message)}>
          <RotateCcw aria-hidden size={14} /> Retry
        </button>
        <button type="button" className="msg__failed-action" onClick={() => sending.discard(message)}>
          <Trash2 aria-hidden size={14} /> Discard
        </button>
      </span>
    );
  }
  if (message.status === "sending") return <Delivery key={message.temp_id} to={partner.username} message={message} sending={sending} />;
  if (!row.last && receipt?.id !== message.id) return null;
  return (
    <span className="msg__meta">
      <time dateTime={message.created_at} suppressHydrationWarning>
        {clockTime(message.created_at, timeZone)}
      </time>
      {receipt?.id === message.id ? (
        <span className="msg__receipt" data-testid="receipt">
          {" · "}
          {receipt.text}
        </span>
      ) : null}
    </span>
  );
}

function MessageRow(props: RowProps) {
  const { row, partner, name } = props;
  const message: ThreadMessage = row.message;
  return (
    <li
      className="msg"
      data-from={message.from_me ? "me" : "them"}
      data-first={row.first ? "true" : "false"}
      data-last={row.last ? "true" : "false"}
      data-status={message.status ?? "sent"}
      data-message-id={message.id > 0 ? message.id : undefined}
    >
      {!message.from_me ? (
        <span className="msg__avatar" aria-hidden>
          {row.last ? <Avatar name={partner.username} image={smallAvatar(partner.profileImage)} size={28} /> : null}
        </span>
      ) : null}
      <div className="msg__body">
        <p className="msg__bubble">
          <span className="visually-hidden">{message.from_me ? "You: " : `${name}: `}</span>
          <LinkedText text={message.content} mentions={message.mentions} />
        </p>
        <MessageState {...props} />
      </div>
    </li>
  );
}

export function MessageList({ rows, messages, ...shared }: { rows: ThreadRow[]; messages: ThreadMessage[] } & Omit<RowProps, "row" | "receipt">) {
  const receipt = receiptFor(messages);
  return (
    // The live region wraps the list: a list keeps its list semantics for screen readers.
    <div role="log" aria-label="Messages" data-testid="message-list">
      <ol className="msg-thread__list">
        {rows.map((row) =>
          row.kind === "day" ? (
            <li key={row.key} className="msg-day">
              <span suppressHydrationWarning>{row.label}</span>
            </li>
          ) : (
            <MessageRow key={row.key} row={row} receipt={receipt} {...shared} />
          ),
        )}
      </ol>
    </div>
  );
}
