// What @mentions and #tags in texts do once stored:
// - a post's #tags are kept in post_tags (with the post's date, so a tag lists posts newest
//   first), written with the post and again whenever its story changes (`syncPostText`);
// - a mention links to the member's page only when that member exists: the members a page's
//   texts name are looked up in one query per page (`mentionedMembers`);
// - a mentioned member hears of it once per text (see notifyMentions in notification.server.ts).
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { POST_STATUS } from "~/lib/rules/post-status";
import { MENTION_NOTIFY_LIMIT, mentionsIn, tagsIn } from "~/lib/rules/text-links";
import { notifyMentions, type MentionPlace } from "~/models/notification.server";
import { syncPostTimelines } from "~/models/timeline.server";

type Tx = Prisma.TransactionClient;

/**
 * Makes the post's tags those of `story`, inside the caller's transaction: missing tags are
 * created, the post's links to tags it no longer carries are removed. A fixed number of
 * statements plus one per new tag name (at most MAX_TAGS_PER_POST).
 */
export async function setPostTags(tx: Tx, postId: number, story: string, postCreatedAt?: Date): Promise<void> {
  const names = tagsIn(story);
  const existing = names.length ? await tx.tag.findMany({ where: { name: { in: names } }, select: { id: true, name: true } }) : [];
  const ids = new Map(existing.map((tag) => [tag.name, tag.id]));
  for (const name of names) {
    if (ids.has(name)) continue;
    const tag = await tx.tag.upsert({ where: { name }, create: { name }, update: {}, select: { id: true } });
    ids.set(name, tag.id);
  }
  const wanted = [...ids.values()];
  await tx.postTag.deleteMany({ where: { postId, tagId: { notIn: wanted } } });
  if (wanted.length === 0) return;
  const kept = await tx.postTag.findMany({ where: { postId }, select: { tagId: true } });
  const have = new Set(kept.map((row) => row.tagId));
  const createdAt = postCreatedAt ?? (await tx.post.findUnique({ where: { id: postId }, select: { createdAt: true } }))?.createdAt ?? new Date();
  const fresh = wanted.filter((tagId) => !have.has(tagId)).map((tagId) => ({ postId, tagId, createdAt }));
  if (fresh.length) await tx.postTag.createMany({ data: fresh });
}

/** The members a text notifies: its first MENTION_NOTIFY_LIMIT distinct mentions. */
export function notifiedNames(text: string): string[] {
  return mentionsIn(text).slice(0, MENTION_NOTIFY_LIMIT);
}

/**
 * After a post's story changed (or was first written): its tags follow the story, and the
 * members it newly mentions hear of it (those `previousStory` did not already notify; none
 * while the post is still processing: they hear when it is ready). Call it after the story
 * is saved.
 */
export async function syncPostText(input: { postId: number; authorId: number; story: string; previousStory?: string | null }): Promise<void> {
  const post = await prisma.$transaction(async (tx) => {
    const row = await tx.post.findUnique({ where: { id: input.postId }, select: { createdAt: true, status: true } });
    if (row) {
      await setPostTags(tx, input.postId, input.story, row.createdAt);
      await syncPostTimelines(tx, input.postId);
    }
    return row;
  });
  if (!post || post.status !== POST_STATUS.ready) return;
  const before = new Set(input.previousStory ? notifiedNames(input.previousStory) : []);
  const names = notifiedNames(input.story).filter((name) => !before.has(name));
  await notifyMentions({ authorId: input.authorId, names, text: input.story, place: { kind: "post", postId: input.postId } });
}

/** A post became ready: the members its story mentions hear of it now. */
export async function notifyReadyPostMentions(postId: number): Promise<void> {
  const post = await prisma.post.findUnique({ where: { id: postId }, select: { createdById: true, story: true, status: true } });
  if (!post || post.status !== POST_STATUS.ready) return;
  await notifyMentions({ authorId: post.createdById, names: notifiedNames(post.story), text: post.story, place: { kind: "post", postId } });
}

/**
 * A new comment or reply (`commentId` on `postId`), or its new text: the members it mentions
 * hear of it, except those `previousContent` (its text before an edit) already notified.
 */
export function notifyCommentMentions(input: { authorId: number; postId: number; commentId: number; content: string; previousContent?: string }): Promise<number[]> {
  const place: MentionPlace = { kind: "comment", postId: input.postId, commentId: input.commentId };
  const before = new Set(input.previousContent ? notifiedNames(input.previousContent) : []);
  const names = notifiedNames(input.content).filter((name) => !before.has(name));
  return notifyMentions({ authorId: input.authorId, names, text: input.content, place });
}

/**
 * A new message: of the members it mentions, only the person it was sent to can read it,
 * so only they hear of it.
 */
export function notifyMessageMentions(input: { senderId: number; recipientId: number; messageId: number; content: string }): Promise<number[]> {
  const place: MentionPlace = { kind: "message", messageId: input.messageId, recipientId: input.recipientId };
  return notifyMentions({ authorId: input.senderId, names: notifiedNames(input.content), text: input.content, place });
}

/**
 * Which of the usernames mentioned in `texts` belong to members: ONE query for a whole page
 * of texts. Returns the lowercased usernames.
 */
export function mentionedMembers(texts: readonly string[]): Promise<Set<string>> {
  return existingMembers(texts.flatMap((text) => mentionsIn(text)));
}

/** Which of `mentioned` (lowercased usernames, as mentionsIn gives them) belong to members: ONE query. */
export async function existingMembers(mentioned: readonly string[]): Promise<Set<string>> {
  const names = [...new Set(mentioned)];
  if (names.length === 0) return new Set();
  const rows = await prisma.user.findMany({ where: { username: { in: names } }, select: { username: true } });
  return new Set(rows.map((row) => row.username.toLowerCase()));
}

/** The members `text` mentions, among `members` (from mentionedMembers). */
export function membersIn(text: string, members: ReadonlySet<string>): string[] {
  return membersAmong(mentionsIn(text), members);
}

/** Of the usernames a text mentions (`mentioned`, as mentionsIn gives them), those among `members`. */
export function membersAmong(mentioned: readonly string[], members: ReadonlySet<string>): string[] {
  return mentioned.filter((name) => members.has(name));
}

/**
 * Each item with `mentions`: the usernames of the members its text mentions (the
 * links a page may draw). One query for all of them.
 */
export async function withMentions<T>(items: readonly T[], textOf: (item: T) => string): Promise<Array<T & { mentions: string[] }>> {
  const members = await mentionedMembers(items.map(textOf));
  return items.map((item) => ({ ...item, mentions: membersIn(textOf(item), members) }));
}
