// Email verification: every new password account is mailed a link to /verify-email with a
// random single-use token, stored only as its SHA-256 hash together with the address it
// proves, valid for VERIFY_TOKEN_LIFETIME. Opening the link shows a confirmation button;
// only that POST verifies, so mail scanners that fetch links verify nothing. Nothing rides on
// an unverified address: ADMIN_EMAILS waits for it, and Google sign-in takes such an account
// over instead of joining it (user.server.ts).
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { prisma } from "~/db.server";
import { UserError } from "~/lib/user-error";
import { sendMail } from "~/lib/server/mailer.server";
import { grantListedAdmin } from "~/models/user.server";
import { VERIFY_MESSAGES } from "~/lib/rules/email-verification";

export const VERIFY_TOKEN_LIFETIME = 24 * 60 * 60 * 1000;
export const VERIFY_PATH = "/verify-email";
const TOKEN_BYTES = 32;
// Rows are kept this long after they expire, so an old link still says "expired".
const KEEP_EXPIRED = 7 * 24 * 60 * 60 * 1000;

/** The confirm button's form: the token from the link. */
export const verifyEmailSchema = z.object({
  token: z.string({ required_error: VERIFY_MESSAGES.invalid }).min(1, VERIFY_MESSAGES.invalid).max(200, VERIFY_MESSAGES.invalid),
});

export type TokenState = "valid" | "used" | "expired" | "invalid";

export function hashVerificationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function verificationLink(baseUrl: string, token: string): string {
  const url = new URL(VERIFY_PATH, baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

function verificationEmail(username: string, link: string) {
  const lines = {
    intro:
      "Please confirm that this is your email address, so that your account can be recovered and linked with Google. Open this link within 24 hours and press the button:",
    after: "The link works once. If you did not sign up, ignore this email: nothing is confirmed without that button.",
  };
  const text = [`Hi ${username},`, "", lines.intro, "", link, "", lines.after].join("\n");
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hi ${escape(username)},</p>
<p>${escape(lines.intro)}</p>
<p><a href="${escape(link)}">Confirm my email address</a></p>
<p>${escape(lines.after)}</p>`;
  return { subject: "Confirm your email address", text, html };
}

/** Creates a token for the account's current address and mails the link. Answers the delivery. */
export async function sendVerificationEmail(user: { id: number; email: string; username: string }, baseUrl: string, now = new Date()) {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await prisma.$transaction([
    prisma.emailVerificationToken.create({
      data: { userId: user.id, email: user.email, tokenHash: hashVerificationToken(token), createdAt: now, expiresAt: new Date(now.getTime() + VERIFY_TOKEN_LIFETIME) },
    }),
    prisma.emailVerificationToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - KEEP_EXPIRED) } } }),
  ]);
  return sendMail({ to: user.email, ...verificationEmail(user.username, verificationLink(baseUrl, token)) });
}

/** Whether the account's address is verified (for the profile). */
export async function isEmailVerified(userId: number): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}

/** "Send the link again" from the profile. UserError 409 when the address is verified already. */
export async function resendVerificationEmail(userId: number, baseUrl: string) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, username: true, emailVerifiedAt: true } });
  if (!user) throw new UserError(404, "Account not found");
  if (user.emailVerifiedAt) throw new UserError(409, VERIFY_MESSAGES.alreadyVerified);
  return sendVerificationEmail(user, baseUrl);
}

function findToken(token: string) {
  if (!token || token.length > 200) return null;
  return prisma.emailVerificationToken.findUnique({
    where: { tokenHash: hashVerificationToken(token) },
    select: { id: true, userId: true, email: true, expiresAt: true, usedAt: true, user: { select: { email: true, username: true, emailVerifiedAt: true } } },
  });
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof findToken>>>;

function stateOf(row: TokenRow | null, now: Date): TokenState {
  // A token for an address the account no longer has proves nothing.
  if (!row || row.email !== row.user.email) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt <= now) return "expired";
  return "valid";
}

export type TokenView = { state: TokenState; username: string | null; email: string | null; verified: boolean };

/** What the verification page shows for `token`, without using it. */
export async function inspectVerificationToken(token: string, now = new Date()): Promise<TokenView> {
  const row = await findToken(token);
  const state = stateOf(row, now);
  if (!row || state === "invalid") return { state: "invalid", username: null, email: null, verified: false };
  return { state, username: row.user.username, email: row.email, verified: Boolean(row.user.emailVerifiedAt) };
}

const STATE_MESSAGES: Record<Exclude<TokenState, "valid">, string> = {
  invalid: VERIFY_MESSAGES.invalid,
  expired: VERIFY_MESSAGES.expired,
  used: VERIFY_MESSAGES.used,
};

export function tokenStateMessage(state: Exclude<TokenState, "valid">): string {
  return STATE_MESSAGES[state];
}

/**
 * Uses the token once: the account's address becomes verified (then ADMIN_EMAILS may apply)
 * and its other verification links stop working. Throws UserError 400 with the message for a
 * used, expired or unknown link.
 */
export async function verifyEmailWithToken(token: string, now = new Date()): Promise<{ userId: number; username: string }> {
  const row = await findToken(token);
  const state = stateOf(row, now);
  if (!row || state !== "valid") throw new UserError(400, tokenStateMessage(state === "valid" ? "invalid" : state));
  const user = await prisma.$transaction(async (tx) => {
    // Claim the token; a concurrent use of the same link finds it already used.
    const claimed = await tx.emailVerificationToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new UserError(400, VERIFY_MESSAGES.used);
    await tx.user.updateMany({ where: { id: row.userId, email: row.email, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    await tx.emailVerificationToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    return tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { id: true, email: true, username: true, role: true } });
  });
  await grantListedAdmin(user);
  return { userId: user.id, username: user.username };
}
