// The 'Version Changes' modal's changelog (date, changes, build number), served as GET /version.json,
// and the rules of the feedback form beside it (text required, rating 1-5 optional).
import { z } from "zod";
import { userText } from "~/lib/schemas/text-schemas";
import { CURRENT_BUILD_FALLBACK } from "~/lib/constants";

export type VersionEntry = {
  /** ISO date, YYYY-MM-DD. */
  date: string;
  changes: string[];
  buildNumber: number;
};

/** What changed, newest first. Add an entry at the top for every release. */
export const VERSIONS: VersionEntry[] = [
  {
    date: "2026-11-22",
    buildNumber: 3085,
    changes: [
      "Like or dislike posts, and see who liked or disliked them",
      "Comments with replies, and likes on comments",
      "Report posts, comments, people and cars to the moderators",
      "Save posts to find them again on your profile",
      "Send feedback and read what changed in this Version Changes window",
    ],
  },
  {
    date: "2026-11-22",
    buildNumber: 3084,
    changes: [
      "Post photos, videos, a story and a SoundCloud track about one or more of your cars",
      "The home feed of the newest posts, with like, comment and share counts",
      "Share a post by link, or embed it in another site",
    ],
  },
  {
    date: "2026-11-22",
    buildNumber: 3083,
    changes: [
      "Follow cars and people",
      "Notifications when someone follows you or your car, and before your car insurance expires",
      "Reset a forgotten password by email",
    ],
  },
  {
    date: "2026-11-22",
    buildNumber: 3082,
    changes: ["Light, dark or system theme", "Repeated failed sign-ins are slowed down to protect your account"],
  },
  {
    date: "2026-11-22",
    buildNumber: 3081,
    changes: ["First build: create an account and sign in with your email or username", "Sessions are kept on the server, so signing out ends them everywhere"],
  },
];

/** The build the app is running: the newest entry's number, or the fallback build number. */
export function currentBuild(versions: VersionEntry[] = VERSIONS): number {
  const newest = versions.reduce<number | null>((max, entry) => (max === null || entry.buildNumber > max ? entry.buildNumber : max), null);
  return newest ?? CURRENT_BUILD_FALLBACK;
}

export const CURRENT_BUILD = currentBuild();

/** Reads GET /version.json's body; anything malformed is left out rather than trusted. */
export function parseVersions(body: unknown): VersionEntry[] {
  const list = typeof body === "object" && body !== null ? (body as { versions?: unknown }).versions : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const entry = item as Partial<VersionEntry>;
    if (typeof entry?.date !== "string" || typeof entry.buildNumber !== "number" || !Array.isArray(entry.changes)) return [];
    return [{ date: entry.date, buildNumber: entry.buildNumber, changes: entry.changes.filter((c): c is string => typeof c === "string") }];
  });
}

/**
 * Localhost or a development host: localhost, 127.0.0.1, *.local, or any name containing
 * "dev". Only there does the modal offer the Google sign-in debug button.
 */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host === "127.0.0.1" || host.endsWith(".local") || host.includes("dev");
}

// ------------------------------------------------------------------ feedback

export const FEEDBACK_MAX = 5000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const FEEDBACK_MESSAGES = {
  blank: "Please enter your feedback",
  failed: "Failed to submit feedback. Please try again.",
  rating: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
  tooLong: `Feedback can be at most ${FEEDBACK_MAX} characters`,
  buildNumber: "Invalid build number",
  thanks: "Thank you for your feedback!",
} as const;

export type FeedbackInput = { buildNumber: number | null; text: string; rating: number | null };

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

const ratingSchema = z.coerce.number().int().min(RATING_MIN).max(RATING_MAX);
const buildSchema = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * Parses POST /api/feedback/submit fields (build_number, feedback_text, rating). A user_id
 * field is never read: the sender is the session (or nobody).
 */
const feedbackTextSchema = userText("Feedback", { multiline: true }).pipe(z.string().min(1, FEEDBACK_MESSAGES.blank).max(FEEDBACK_MAX, FEEDBACK_MESSAGES.tooLong));

export function parseFeedbackInput(fields: Record<string, unknown>): { ok: true; value: FeedbackInput } | { ok: false; message: string } {
  const given = single(fields.feedback_text);
  const parsedText = feedbackTextSchema.safeParse(typeof given === "string" ? given : "");
  if (!parsedText.success) return { ok: false, message: parsedText.error.issues[0]?.message ?? FEEDBACK_MESSAGES.blank };
  const text = parsedText.data;

  const ratingField = single(fields.rating);
  let rating: number | null = null;
  if (!blank(ratingField)) {
    const parsed = ratingSchema.safeParse(typeof ratingField === "boolean" ? NaN : ratingField);
    if (!parsed.success) return { ok: false, message: FEEDBACK_MESSAGES.rating };
    rating = parsed.data;
  }

  const buildField = single(fields.build_number);
  let buildNumber: number | null = null;
  if (!blank(buildField)) {
    const parsed = buildSchema.safeParse(typeof buildField === "boolean" ? NaN : buildField);
    if (!parsed.success) return { ok: false, message: FEEDBACK_MESSAGES.buildNumber };
    buildNumber = parsed.data;
  }
  return { ok: true, value: { buildNumber, text, rating } };
}
