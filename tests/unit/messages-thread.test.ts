// The rules of the messages screen: merging without duplicates, optimistic copies, "Seen",
// day separators and bubble groups, and the conversation list under live events.
import { describe, expect, it } from "vitest";
import {
  applyLiveMessage,
  applyRead,
  canSend,
  confirmMessage,
  dayLabel,
  failMessage,
  firstServerId,
  lastServerId,
  markSeen,
  mergeMessages,
  messageLength,
  normaliseRecipient,
  previewText,
  receiptFor,
  receiveMessage,
  retryMessage,
  temporaryMessage,
  threadRows,
  MESSAGE_LIMIT,
  type ChatMessage,
  type Conversation,
  type ThreadMessage,
} from "~/components/messages/thread-state";

const ME = 1;
const THEM = 2;

function message(id: number, fromMe: boolean, content = `m${id}`, createdAt = `2026-05-04T10:${String(id).padStart(2, "0")}:00.000Z`): ChatMessage {
  return {
    id,
    content,
    created_at: createdAt,
    from_me: fromMe,
    sender_id: fromMe ? ME : THEM,
    recipient_id: fromMe ? THEM : ME,
    read_at: null,
  };
}

describe("mergeMessages", () => {
  it("keeps one copy per id, in id order, with temporary messages last", () => {
    const temp = temporaryMessage(ME, THEM, "on its way", new Date("2026-05-04T11:00:00Z"));
    const merged = mergeMessages([message(3, true), temp, message(1, false)], [message(2, false), message(3, true)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, temp.id]);
  });

  it("never forgets a known read time when an older copy arrives", () => {
    const read = { ...message(4, true), read_at: "2026-05-04T12:00:00.000Z" };
    expect(mergeMessages([read], [message(4, true)])[0].read_at).toBe("2026-05-04T12:00:00.000Z");
  });

  it("answers the same list when nothing arrives", () => {
    const list = [message(1, true)];
    expect(mergeMessages(list, [])).toBe(list);
  });

  it("orders two messages on their way by when they were written", () => {
    const first = temporaryMessage(ME, THEM, "first", new Date("2026-05-04T11:00:00Z"));
    const second = temporaryMessage(ME, THEM, "second", new Date("2026-05-04T11:00:01Z"));
    expect(mergeMessages([second, first], [message(1, false)]).map((m) => m.content)).toEqual(["m1", "first", "second"]);
  });
});

describe("optimistic sending", () => {
  it("replaces the temporary copy with the server's message", () => {
    const temp = temporaryMessage(ME, THEM, "hello");
    const list = confirmMessage([message(1, false), temp], temp.temp_id!, message(9, true, "hello"));
    expect(list.map((m) => m.id)).toEqual([1, 9]);
    expect(list[1].status).toBeUndefined();
  });

  it("shows the message once when the live echo comes before the server's answer", () => {
    const temp = temporaryMessage(ME, THEM, "hello");
    const afterEcho = receiveMessage([temp], message(9, true, "hello"));
    expect(afterEcho.map((m) => m.id)).toEqual([9]);
    const afterAnswer = confirmMessage(afterEcho, temp.temp_id!, message(9, true, "hello"));
    expect(afterAnswer.map((m) => m.id)).toEqual([9]);
  });

  it("keeps the partner's messages apart from mine with the same text", () => {
    const temp = temporaryMessage(ME, THEM, "ok");
    const list = receiveMessage([temp], message(5, false, "ok"));
    expect(list.map((m) => m.id)).toEqual([5, temp.id]);
  });

  it("marks a failure and can retry it", () => {
    const temp = temporaryMessage(ME, THEM, "hello");
    const failed = failMessage([temp], temp.temp_id!, "You can't message this user");
    expect(failed[0]).toMatchObject({ status: "failed", error: "You can't message this user" });
    expect(retryMessage(failed, temp.temp_id!)[0]).toMatchObject({ status: "sending", error: undefined });
  });

  it("counts characters as the server does, and refuses empty or too long text", () => {
    expect(messageLength("  hi  ")).toBe(2);
    expect(messageLength("🏎️")).toBe(2);
    expect(canSend("   \n ")).toBe(false);
    expect(canSend("a".repeat(MESSAGE_LIMIT))).toBe(true);
    expect(canSend("a".repeat(MESSAGE_LIMIT + 1))).toBe(false);
    expect(canSend("😀".repeat(MESSAGE_LIMIT))).toBe(true);
  });
});

describe("Sent and Seen", () => {
  it("says Sent under my latest message, Seen once read, nothing after theirs", () => {
    expect(receiptFor([message(1, false), message(2, true)])).toEqual({ id: 2, text: "Sent" });
    const seen = markSeen([message(1, false), message(2, true)], "2026-05-04T12:00:00.000Z");
    expect(receiptFor(seen)).toEqual({ id: 2, text: "Seen" });
    expect(receiptFor([message(1, true), message(2, false)])).toBeNull();
    expect(receiptFor([temporaryMessage(ME, THEM, "x")])).toBeNull();
  });

  it("marks only my unread server messages as seen", () => {
    const temp = temporaryMessage(ME, THEM, "x");
    const list: ThreadMessage[] = [message(1, false), message(2, true), temp];
    const seen = markSeen(list, "2026-05-04T12:00:00.000Z");
    expect(seen.map((m) => m.read_at)).toEqual([null, "2026-05-04T12:00:00.000Z", null]);
    expect(markSeen(seen, "2026-05-04T13:00:00.000Z")).toBe(seen);
  });

  it("finds the first and last server ids for paging and catching up", () => {
    const list = [message(4, true), message(7, false), temporaryMessage(ME, THEM, "x")];
    expect(firstServerId(list)).toBe(4);
    expect(lastServerId(list)).toBe(7);
    expect(lastServerId([])).toBeNull();
  });
});

describe("threadRows", () => {
  const now = Date.parse("2026-05-04T18:00:00Z");

  it("puts a separator before each day and groups close messages of one person", () => {
    const rows = threadRows(
      [
        message(1, false, "a", "2026-05-03T09:00:00.000Z"),
        message(2, false, "b", "2026-05-04T09:00:00.000Z"),
        message(3, false, "c", "2026-05-04T09:02:00.000Z"),
        message(4, true, "d", "2026-05-04T09:03:00.000Z"),
        message(5, true, "e", "2026-05-04T10:00:00.000Z"),
      ],
      now,
      "UTC",
    );
    expect(rows.map((row) => (row.kind === "day" ? row.label : `${row.message.content}:${row.first ? "F" : ""}${row.last ? "L" : ""}`))).toEqual([
      "Yesterday",
      "a:FL",
      "Today",
      "b:F",
      "c:L",
      "d:FL",
      "e:FL",
    ]);
  });

  it("names days within the week and dates before that", () => {
    expect(dayLabel("2026-05-01T09:00:00.000Z", now, "UTC")).toBe("Friday");
    expect(dayLabel("2026-04-01T09:00:00.000Z", now, "UTC")).toBe("April 1");
    expect(dayLabel("2025-04-01T09:00:00.000Z", now, "UTC")).toBe("April 1, 2025");
  });
});

describe("the conversation list", () => {
  const jess = { id: 2, username: "jdm_jess", nickname: "Jess", profileImage: null };
  const tom = { id: 3, username: "track_tom", nickname: "Tom", profileImage: null };
  const list: Conversation[] = [
    { user: tom, last_message: { id: 10, content: "old", created_at: "2026-05-04T10:00:00.000Z", from_me: false }, unread_count: 0, blocked: false },
    { user: jess, last_message: { id: 5, content: "older", created_at: "2026-05-03T10:00:00.000Z", from_me: true }, unread_count: 1, blocked: false },
  ];

  it("moves the conversation to the top and counts the new message", () => {
    const next = applyLiveMessage(list, { ...message(11, false, "new!"), sender_id: 2 }, jess, null);
    expect(next.map((c) => c.user.username)).toEqual(["jdm_jess", "track_tom"]);
    expect(next[0]).toMatchObject({ unread_count: 2, last_message: { id: 11, content: "new!", from_me: false } });
  });

  it("does not count messages in the open conversation, or my own", () => {
    expect(applyLiveMessage(list, message(11, false), jess, "JDM_JESS")[0].unread_count).toBe(0);
    expect(applyLiveMessage(list, message(11, true), jess, null)[0].unread_count).toBe(1);
  });

  it("adds a new conversation, and ignores a message it already has", () => {
    const newcomer = { id: 9, username: "new_guy", nickname: null, profileImage: null };
    expect(applyLiveMessage(list, message(12, false), newcomer, null)[0]).toMatchObject({ user: newcomer, unread_count: 1 });
    expect(applyLiveMessage(list, message(10, false), tom, null)).toBe(list);
  });

  it("clears the unread count when the conversation is read", () => {
    expect(applyRead(list, 2).find((c) => c.user.id === 2)!.unread_count).toBe(0);
    expect(applyRead(list, 3)).toBe(list);
  });
});

describe("small words", () => {
  it("normalises a typed recipient", () => {
    expect(normaliseRecipient("  @@Jdm_Jess ")).toBe("jdm_jess");
    expect(normaliseRecipient(null)).toBe("");
  });

  it("previews a message on one line, cut at whole characters", () => {
    expect(previewText("line one\nline   two")).toBe("line one line two");
    expect(previewText("🏁".repeat(100), 10)).toBe(`${"🏁".repeat(9)}…`);
  });
});
