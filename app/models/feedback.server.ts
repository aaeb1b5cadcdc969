// Feedback from the 'Version Changes' modal: text and an optional 1-5 rating. Visitors may send it too;
// the sender is the session user or nobody, never a user_id from the body.
import { prisma } from "~/db.server";
import type { FeedbackInput } from "~/lib/rules/changelog";

export type FeedbackRow = {
  id: number;
  build_number: number | null;
  feedback_text: string;
  rating: number | null;
  user_id: number | null;
  username: string | null;
  created_at: string;
};

export async function submitFeedback(userId: number | null, input: FeedbackInput): Promise<{ id: number }> {
  const row = await prisma.feedback.create({
    data: { userId, buildNumber: input.buildNumber, text: input.text, rating: input.rating },
    select: { id: true },
  });
  return row;
}

/** The newest feedback, for the Admin Area. */
export async function listFeedback(limit = 50): Promise<FeedbackRow[]> {
  const rows = await prisma.feedback.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, buildNumber: true, text: true, rating: true, userId: true, createdAt: true, user: { select: { username: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    build_number: row.buildNumber,
    feedback_text: row.text,
    rating: row.rating,
    user_id: row.userId,
    username: row.user?.username ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}
