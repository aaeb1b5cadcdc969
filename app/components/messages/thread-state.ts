// Pure rules of the messages screen, shared by the components and their unit tests:
// merging messages that arrive from several places (the page, the live stream, the
// composer, catch-up fetches) without duplicates, the "Sent"/"Seen" line, day separators,
// and keeping the conversation list in order as live events arrive.

import type { LiveMessage, LiveUser } from "~/lib/wire";

/** A member as the messages screen shows them: as the live events name them. */
export type ChatUser = LiveUser;

/** A message as the server sends it, on the page and through the live events. */
export type ChatMessage = LiveMessage;

/** A message on screen: a server message, or one still on its way (temporary negative id). */
export type ThreadMessage = ChatMessage & {
  /** Set while sending and after a failure: the key of the optimistic copy. */
  temp_id?: string;
  status?: "sending" | "failed";
  error?: string;
};

export type Conversation = {
  user: ChatUser;
  last_message: { id: number; content: string; created_at: string; from_me: boolean };
  unread_count: number;
  blocked: boolean;
};

/** The characters a message may hold (whole code points, as the server counts them). */
export const MESSAGE_LIMIT = 2000;

export function messageLength(text: string): number {
  return Array.from(text.replace(/\r\n?/g, "\n").trim()).length;
}

/** Whether the composer may send `text`. */
export function canSend(text: string): boolean {
  const length = messageLength(text);
  return length > 0 && length <= MESSAGE_LIMIT;
}

let tempCounter = 0;

/** An optimistic copy of a message being sent, shown at once. */
export function temporaryMessage(me: number, partner: number, content: string, now = new Date()): ThreadMessage {
  tempCounter += 1;
  return {
    id: -(now.getTime() * 1000 + (tempCounter % 1000)),
    temp_id: `temp-${now.getTime()}-${tempCounter}`,
    status: "sending",
    content,
    created_at: now.toISOString(),
    from_me: true,
    sender_id: me,
    recipient_id: partner,
    read_at: null,
  };
}

function byOrder(a: ThreadMessage, b: ThreadMessage): number {
  const aTemp = a.id < 0;
  const bTemp = b.id < 0;
  if (aTemp !== bTemp) return aTemp ? 1 : -1;
  // Temporary ids are minus a timestamp: the older temp has the larger absolute value.
  return aTemp ? b.id - a.id : a.id - b.id;
}

/**
 * Adds server messages to the list: one entry per id (a newer copy replaces an older
 * one, keeping a known read time), server messages in id order, messages on their way
 * last in the order they were written.
 */
export function mergeMessages(current: readonly ThreadMessage[], incoming: readonly ChatMessage[]): ThreadMessage[] {
  if (incoming.length === 0) return current as ThreadMessage[];
  const byId = new Map<number, ThreadMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(message.id, known ? { ...known, ...message, read_at: message.read_at ?? known.read_at } : { ...message });
  }
  return [...byId.values()].sort(byOrder);
}

/** The optimistic copy `tempId` becomes the server's message (once, even if the live event came first). */
export function confirmMessage(current: readonly ThreadMessage[], tempId: string, saved: ChatMessage): ThreadMessage[] {
  return mergeMessages(
    current.filter((message) => message.temp_id !== tempId),
    [saved],
  );
}

/**
 * A message that arrived from the server (live event or fetch). When it is the echo of
 * one of mine still on its way (same text), it takes that optimistic copy's place, so the
 * bubble never shows twice.
 */
export function receiveMessage(current: readonly ThreadMessage[], message: ChatMessage): ThreadMessage[] {
  if (current.some((known) => known.id === message.id)) return mergeMessages(current, [message]);
  if (message.from_me) {
    const echo = current.find((known) => known.status === "sending" && known.content === message.content);
    if (echo?.temp_id) return confirmMessage(current, echo.temp_id, message);
  }
  return mergeMessages(current, [message]);
}

/** The optimistic copy `tempId` could not be sent. */
export function failMessage(current: readonly ThreadMessage[], tempId: string, error: string): ThreadMessage[] {
  return current.map((message) => (message.temp_id === tempId ? { ...message, status: "failed" as const, error } : message));
}

/** The failed copy goes back to sending (retry). */
export function retryMessage(current: readonly ThreadMessage[], tempId: string): ThreadMessage[] {
  return current.map((message) => (message.temp_id === tempId ? { ...message, status: "sending" as const, error: undefined } : message));
}

export function removeMessage(current: readonly ThreadMessage[], tempId: string): ThreadMessage[] {
  return current.filter((message) => message.temp_id !== tempId);
}

/** The partner read the conversation: every message of mine they had not read is now read. */
export function markSeen(current: readonly ThreadMessage[], readAt: string): ThreadMessage[] {
  let changed = false;
  const next = current.map((message) => {
    if (!message.from_me || message.read_at || message.id < 0) return message;
    changed = true;
    return { ...message, read_at: readAt };
  });
  return changed ? next : (current as ThreadMessage[]);
}

/** The highest server id in the list (for `?after=`), or null. */
export function lastServerId(messages: readonly ThreadMessage[]): number | null {
  let last: number | null = null;
  for (const message of messages) if (message.id > 0 && (last === null || message.id > last)) last = message.id;
  return last;
}

/** The lowest server id in the list (for `?before=`), or null. */
export function firstServerId(messages: readonly ThreadMessage[]): number | null {
  let first: number | null = null;
  for (const message of messages) if (message.id > 0 && (first === null || message.id < first)) first = message.id;
  return first;
}

/**
 * What to say under my latest message: "Seen" once the partner read it, "Sent" once the
 * server has it, nothing while it is on its way (the bubble says so) or when the latest
 * message is theirs.
 */
export function receiptFor(messages: readonly ThreadMessage[]): { id: number; text: "Seen" | "Sent" } | null {
  const last = messages[messages.length - 1];
  if (!last || !last.from_me || last.id < 0) return null;
  return { id: last.id, text: last.read_at ? "Seen" : "Sent" };
}

// ------------------------------------------------------------------ days and groups

const DAY = 24 * 60 * 60 * 1000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind and time zone, built on first use (building one costs more than using it). */
function format(kind: "day" | "weekday" | "date" | "dateYear" | "clock", timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ""}`;
  let known = formats.get(key);
  if (!known) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      day: { year: "numeric", month: "2-digit", day: "2-digit" },
      weekday: { weekday: "long" },
      date: { month: "long", day: "numeric" },
      dateYear: { month: "long", day: "numeric", year: "numeric" },
      clock: { hour: "numeric", minute: "2-digit" },
    };
    known = new Intl.DateTimeFormat(kind === "day" ? "en-CA" : "en-US", { ...options[kind], timeZone });
    formats.set(key, known);
  }
  return known;
}

/** "2026-05-04" in the given time zone (undefined: the browser's). */
export function dayKey(iso: string, timeZone?: string): string {
  return format("day", timeZone).format(new Date(iso));
}

/** "Today", "Yesterday", a weekday within the week, else a date. */
export function dayLabel(iso: string, now: number, timeZone?: string): string {
  const key = dayKey(iso, timeZone);
  if (key === dayKey(new Date(now).toISOString(), timeZone)) return "Today";
  if (key === dayKey(new Date(now - DAY).toISOString(), timeZone)) return "Yesterday";
  const date = new Date(iso);
  if (now - date.getTime() < 6 * DAY) return format("weekday", timeZone).format(date);
  const sameYear = new Date(now).getUTCFullYear() === date.getUTCFullYear();
  return format(sameYear ? "date" : "dateYear", timeZone).format(date);
}

/** "3:05 PM" in the given time zone. */
export function clockTime(iso: string, timeZone?: string): string {
  return format("clock", timeZone).format(new Date(iso));
}

export type ThreadRow = { kind: "day"; key: string; label: string } | { kind: "message"; key: string; message: ThreadMessage; first: boolean; last: boolean };

/** Messages closer together than this from the same person share one group of bubbles. */
export const GROUP_GAP_MS = 5 * 60 * 1000;

/** Day separators, and for each message whether it starts or ends a group of bubbles. */
export function threadRows(messages: readonly ThreadMessage[], now: number, timeZone?: string): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let previousDay = "";
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    const day = dayKey(message.created_at, timeZone);
    if (day !== previousDay) {
      rows.push({ kind: "day", key: `day-${day}`, label: dayLabel(message.created_at, now, timeZone) });
      previousDay = day;
    }
    const before = messages[index - 1];
    const after = messages[index + 1];
    const joins = (a: ThreadMessage | undefined, b: ThreadMessage | undefined) =>
      Boolean(
        a &&
        b &&
        a.from_me === b.from_me &&
        dayKey(a.created_at, timeZone) === dayKey(b.created_at, timeZone) &&
        Math.abs(Date.parse(b.created_at) - Date.parse(a.created_at)) < GROUP_GAP_MS,
      );
    rows.push({
      kind: "message",
      key: message.temp_id ?? `m-${message.id}`,
      message,
      first: !joins(before, message),
      last: !joins(message, after),
    });
  }
  return rows;
}

// ------------------------------------------------------------------ the conversation list

/**
 * A live message moves its conversation to the top with the new last message; a message
 * from the partner adds to the unread count unless that conversation is open.
 */
export function applyLiveMessage(conversations: readonly Conversation[], message: ChatMessage, partner: ChatUser, openUsername: string | null): Conversation[] {
  const existing = conversations.find((conversation) => conversation.user.id === partner.id);
  if (existing && existing.last_message.id >= message.id) return conversations as Conversation[];
  const isOpen = openUsername !== null && openUsername.toLowerCase() === partner.username.toLowerCase();
  const unread = isOpen ? 0 : (existing?.unread_count ?? 0) + (message.from_me ? 0 : 1);
  const updated: Conversation = {
    user: partner,
    blocked: existing?.blocked ?? false,
    unread_count: unread,
    last_message: { id: message.id, content: message.content, created_at: message.created_at, from_me: message.from_me },
  };
  return [updated, ...conversations.filter((conversation) => conversation.user.id !== partner.id)];
}

/** The user read the conversation with `partnerId` (here or in another tab). */
export function applyRead(conversations: readonly Conversation[], partnerId: number): Conversation[] {
  if (!conversations.some((conversation) => conversation.user.id === partnerId && conversation.unread_count > 0)) {
    return conversations as Conversation[];
  }
  return conversations.map((conversation) => (conversation.user.id === partnerId ? { ...conversation, unread_count: 0 } : conversation));
}

/** A username as typed in the "New message" box: no @, no spaces, lower case. */
export function normaliseRecipient(value: string | null | undefined): string {
  return (value ?? "").trim().replace(/^@+/, "").trim().toLowerCase();
}

/** A one-line preview of a message for the list. */
export function previewText(content: string, max = 80): string {
  const line = content.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : line;
}

/**
 * The newest of the partner's messages that is still unread and newer than `after` (the
 * last one already reported read), or null when there is nothing new to mark read.
 */
export function newestUnreadIncoming(messages: ThreadMessage[], after: number): number | null {
  let newest: number | null = null;
  for (const message of messages) {
    if (message.from_me || message.read_at || message.id <= after) continue;
    if (newest === null || message.id > newest) newest = message.id;
  }
  return newest;
}
