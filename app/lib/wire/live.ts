// The live events of GET /api/stream and the direct messages they carry.

/** A member as a live event names them. */
export type LiveUser = { id: number; username: string; nickname: string | null; profileImage: string | null };

/** A direct message as the reader sees it (`from_me` is from the reader's side). */
export type LiveMessage = {
  id: number;
  content: string;
  /** The usernames of the members `content` mentions (its @links); absent means none. */
  mentions?: string[];
  created_at: string;
  from_me: boolean;
  sender_id: number;
  recipient_id: number;
  read_at: string | null;
};

/** The events of GET /api/stream (Server-Sent Events): the event's name and its JSON data. */
export type LiveEvent =
  /** A message to or from the user; `partner` is the other person of the conversation. */
  | { type: "message"; data: { message: LiveMessage; partner: LiveUser } }
  /** Something changed in the user's notifications (created or read). */
  | { type: "notification"; data: { unread_count?: number } }
  /** Messages of a conversation were read: by the user (another tab) or by the partner. */
  | { type: "read"; data: { reader_id: number; partner_id: number; read_at: string } }
  /** The user's sessions ended (suspended, signed out): streams send this, then close. */
  | { type: "session"; data: { reason: "suspended" | "signed_out" } };

export type LiveEventType = LiveEvent["type"];

/** The data of each live event, by its name. */
export type LiveEventData = { [T in LiveEventType]: Extract<LiveEvent, { type: T }>["data"] };

/** Every live event's name, for the browser to listen to. */
export const LIVE_EVENT_TYPES = ["message", "notification", "read", "session"] as const satisfies readonly LiveEventType[];
