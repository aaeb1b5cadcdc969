// Direct messages between two users. A conversation is never addressed by an id: it is
// always "the session user and {username}", so nobody can read a conversation they are
// not part of. Sending checks blocks (either way) and suspensions; a sent message is
// published live to both people (the recipient, and the sender's other tabs).
import { prisma } from "~/db.server";
import { pushMessageReceived } from "~/models/push.server";
import { z } from "zod";
import { UserError } from "~/lib/user-error";
import { userText } from "~/lib/schemas/text-schemas";
import { publish } from "~/lib/server/live-hub.server";
import type { LiveMessage, LiveUser } from "~/lib/wire";
import { blockedPartnerIds, getBlockState } from "~/models/block.server";
import { textLinksProblem } from "~/lib/rules/text-links";
import { mentionedMembers, membersIn, notifyMessageMentions } from "~/models/text-links.server";

export const MESSAGE_MAX_CHARS = 2000;
/** Messages per page of a thread (the newest page first, shown oldest first). */
export const THREAD_PAGE = 50;
/** Conversations listed at most. */
export const CONVERSATIONS_LIMIT = 100;

export const MESSAGE_TEXT = {
  cannotMessage: "You can't message this user",
  yourself: "You can't message yourself",
  userNotFound: "User not found",
  recipientRequired: "Choose who to send the message to",
  empty: "Write a message first",
  tooLong: `Messages can be at most ${MESSAGE_MAX_CHARS} characters`,
  suspended: "This account has been suspended.",
} as const;

export type MessageView = LiveMessage;

export type ConversationUser = LiveUser;

export type ConversationView = {
  user: ConversationUser;
  last_message: { id: number; content: string; created_at: string; from_me: boolean };
  unread_count: number;
  /** Either person blocked the other: the thread can be read but not answered. */
  blocked: boolean;
};

export type ThreadView = {
  user: ConversationUser;
  messages: MessageView[];
  /** Older messages exist: ask again with `before` = the first message's id. */
  has_more: boolean;
  can_message: boolean;
  blocked_by_me: boolean;
};

const partnerSelect = { id: true, username: true, nickname: true, profileImage: true } as const;

type MessageRow = { id: number; senderId: number; recipientId: number; content: string; createdAt: Date; readAt: Date | null };

const messageSelect = { id: true, senderId: true, recipientId: true, content: true, createdAt: true, readAt: true } as const;

function toView(row: MessageRow, viewerId: number, members: ReadonlySet<string>): MessageView {
  return {
    id: row.id,
    content: row.content,
    mentions: membersIn(row.content, members),
    created_at: row.createdAt.toISOString(),
    from_me: row.senderId === viewerId,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

const messageContentSchema = userText("A message", { multiline: true }).pipe(
  z
    .string()
    .min(1, MESSAGE_TEXT.empty)
    .refine((content) => Array.from(content).length <= MESSAGE_MAX_CHARS, MESSAGE_TEXT.tooLong)
    .superRefine((content, ctx) => {
      const problem = content.length <= MESSAGE_MAX_CHARS * 2 ? textLinksProblem(content, { label: "A message" }) : null;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
);

/** The text of a message under the text rules, or an UserError 400 in the words users see. */
export function checkMessageContent(raw: unknown): string {
  const parsed = messageContentSchema.safeParse(typeof raw === "string" ? raw : "");
  if (!parsed.success) throw new UserError(400, parsed.error.issues[0]?.message ?? MESSAGE_TEXT.empty);
  return parsed.data;
}

async function findPartner(username: string) {
  const name = username.trim().toLowerCase();
  if (!name) return null;
  return prisma.user.findUnique({ where: { username: name }, select: { ...partnerSelect, suspendedAt: true } });
}

/**
 * Sends `content` from `senderId` to the user named `toUsername`. Throws UserError:
 * 400 (empty, too long, yourself), 404 (no such user), 403 (blocked either way, a
 * suspended sender or recipient).
 */
export async function sendMessage(senderId: number, toUsername: string, rawContent: unknown): Promise<MessageView> {
  if (!toUsername.trim()) throw new UserError(400, MESSAGE_TEXT.recipientRequired);
  const content = checkMessageContent(rawContent);
  const [sender, recipient] = await Promise.all([
    prisma.user.findUnique({ where: { id: senderId }, select: { ...partnerSelect, suspendedAt: true } }),
    findPartner(toUsername),
  ]);
  if (!sender || sender.suspendedAt) throw new UserError(403, MESSAGE_TEXT.suspended);
  if (!recipient) throw new UserError(404, MESSAGE_TEXT.userNotFound);
  if (recipient.id === senderId) throw new UserError(400, MESSAGE_TEXT.yourself);
  const blocks = await getBlockState(senderId, recipient.id);
  if (blocks.blockedByMe || blocks.blockedMe || recipient.suspendedAt) throw new UserError(403, MESSAGE_TEXT.cannotMessage);

  const row = await prisma.message.create({
    data: { senderId, recipientId: recipient.id, content },
    select: messageSelect,
  });
  const members = await mentionedMembers([content]);

  const { suspendedAt: _s, ...senderPublic } = sender;
  const { suspendedAt: _r, ...recipientPublic } = recipient;
  publish(recipient.id, { type: "message", data: { message: toView(row, recipient.id, members), partner: senderPublic } });
  publish(senderId, { type: "message", data: { message: toView(row, senderId, members), partner: recipientPublic } });
  await pushMessageReceived(sender, recipient.id, content);
  await notifyMessageMentions({ senderId, recipientId: recipient.id, messageId: row.id, content });
  return toView(row, senderId, members);
}

/**
 * The user's conversations, the most recent first, each with the other person, the last
 * message and how many of the partner's messages are unread. A fixed number of queries
 * whatever the number of conversations: the latest message id per direction (grouped),
 * those messages, unread counts per sender (grouped), the partners, the blocks.
 */
export async function listConversations(userId: number, limit = CONVERSATIONS_LIMIT): Promise<ConversationView[]> {
  const [sent, received] = await Promise.all([
    prisma.message.groupBy({ by: ["recipientId"], where: { senderId: userId }, _max: { id: true } }),
    prisma.message.groupBy({ by: ["senderId"], where: { recipientId: userId }, _max: { id: true } }),
  ]);

  // Ids grow with time, so the highest id per partner is the last message.
  const latest = new Map<number, number>();
  const consider = (partnerId: number, id: number | null) => {
    if (id === null) return;
    if ((latest.get(partnerId) ?? 0) < id) latest.set(partnerId, id);
  };
  for (const row of sent) consider(row.recipientId, row._max.id);
  for (const row of received) consider(row.senderId, row._max.id);
  latest.delete(userId);

  const top = [...latest.entries()].sort((a, b) => b[1] - a[1]).slice(0, Math.max(0, limit));
  if (top.length === 0) return [];
  const partnerIds = top.map(([partnerId]) => partnerId);

  const [messages, unread, partners, blocked] = await Promise.all([
    prisma.message.findMany({ where: { id: { in: top.map(([, id]) => id) } }, select: messageSelect }),
    prisma.message.groupBy({
      by: ["senderId"],
      where: { recipientId: userId, readAt: null, senderId: { in: partnerIds } },
      _count: { _all: true },
    }),
    prisma.user.findMany({ where: { id: { in: partnerIds } }, select: partnerSelect }),
    blockedPartnerIds(userId, partnerIds),
  ]);

  const messageById = new Map(messages.map((row) => [row.id, row]));
  const unreadBySender = new Map(unread.map((row) => [row.senderId, row._count._all]));
  const partnerById = new Map(partners.map((row) => [row.id, row]));

  const conversations: ConversationView[] = [];
  for (const [partnerId, messageId] of top) {
    const message = messageById.get(messageId);
    const partner = partnerById.get(partnerId);
    if (!message || !partner) continue;
    conversations.push({
      user: partner,
      last_message: {
        id: message.id,
        content: message.content,
        created_at: message.createdAt.toISOString(),
        from_me: message.senderId === userId,
      },
      unread_count: unreadBySender.get(partnerId) ?? 0,
      blocked: blocked.has(partnerId),
    });
  }
  return conversations;
}

/**
 * The conversation between `userId` and `partnerUsername`: the newest THREAD_PAGE
 * messages (or those before message id `before`), oldest first. With `after` (catching up
 * after a broken live connection): the first THREAD_PAGE messages after that id, and
 * `has_more` then means newer ones remain. Reading changes nothing: marking the thread read
 * is markThreadRead, behind a POST. Throws UserError 404 (no such user) or 400 (yourself).
 */
export async function getThread(
  userId: number,
  partnerUsername: string,
  options: { before?: number | null; after?: number | null; limit?: number } = {},
): Promise<ThreadView> {
  const partner = await findPartner(partnerUsername);
  if (!partner) throw new UserError(404, MESSAGE_TEXT.userNotFound);
  if (partner.id === userId) throw new UserError(400, MESSAGE_TEXT.yourself);
  const limit = Math.min(THREAD_PAGE, Math.max(1, Math.floor(options.limit ?? THREAD_PAGE)));
  const before = options.before && options.before > 0 ? options.before : null;
  const after = !before && options.after && options.after > 0 ? options.after : null;

  const pair = {
    OR: [
      { senderId: userId, recipientId: partner.id },
      { senderId: partner.id, recipientId: userId },
    ],
  };

  const [rows, blocks] = await Promise.all([
    prisma.message.findMany({
      where: { ...pair, ...(before ? { id: { lt: before } } : after ? { id: { gt: after } } : {}) },
      orderBy: { id: after ? "asc" : "desc" },
      take: limit + 1,
      select: messageSelect,
    }),
    getBlockState(userId, partner.id),
  ]);

  const hasMore = rows.length > limit;
  const page = after ? rows.slice(0, limit) : rows.slice(0, limit).reverse();
  const { suspendedAt, ...user } = partner;
  // The members the page's messages mention, for their links: one query for the page.
  const members = await mentionedMembers(page.map((row) => row.content));
  return {
    user,
    messages: page.map((row) => toView(row, userId, members)),
    has_more: hasMore,
    can_message: !blocks.blockedByMe && !blocks.blockedMe && !suspendedAt,
    blocked_by_me: blocks.blockedByMe,
  };
}

/**
 * Marks the partner's messages to the user as read, and tells both people's open tabs
 * (the partner sees "Seen"). Answers when they were read, or null when none was unread.
 * Throws UserError 404 (no such user) or 400 (yourself).
 */
export async function markThreadRead(userId: number, partnerUsername: string): Promise<{ read_at: string | null }> {
  const partner = await findPartner(partnerUsername);
  if (!partner) throw new UserError(404, MESSAGE_TEXT.userNotFound);
  if (partner.id === userId) throw new UserError(400, MESSAGE_TEXT.yourself);
  const now = new Date();
  const { count } = await prisma.message.updateMany({
    where: { senderId: partner.id, recipientId: userId, readAt: null },
    data: { readAt: now },
  });
  if (count === 0) return { read_at: null };
  const data = { reader_id: userId, partner_id: partner.id, read_at: now.toISOString() };
  publish(userId, { type: "read", data });
  publish(partner.id, { type: "read", data });
  return { read_at: data.read_at };
}

/** How many messages to the user are unread. */
export function countUnreadMessages(userId: number): Promise<number> {
  return prisma.message.count({ where: { recipientId: userId, readAt: null } });
}
