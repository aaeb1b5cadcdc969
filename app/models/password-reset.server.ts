// Password reset (issue 7): a random single-use token, stored only as its SHA-256 hash,
// valid for one hour, mailed as a link to /reset-password. Asking never reveals whether an
// account exists: the caller answers the same whatever happens here.
import { createHash, randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { prisma } from "~/db.server";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { sendMail } from "~/lib/server/mailer.server";
import { grantListedAdmin, publicUserSelect, type PublicUser } from "~/models/user.server";
import { UserError } from "~/lib/user-error";

export const RESET_TOKEN_LIFETIME = 60 * 60 * 1000;
const TOKEN_BYTES = 32;
// Same cost as sign-up (user.server.ts).
const BCRYPT_COST = 10;

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The account an email or username names (case-insensitive), or null. */
function findAccount(entry: string) {
  const value = entry.trim().toLowerCase();
  if (!value) return null;
  return prisma.user.findUnique({
    where: value.includes("@") ? { email: value } : { username: value },
    select: { id: true, email: true, username: true, suspendedAt: true },
  });
}

/** Creates a token for `userId` and returns the plain token (only ever sent by email). */
export async function createResetToken(userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await prisma.passwordResetToken.create({
    data: { userId, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME), createdAt: now },
  });
  // Old rows are of no use to anyone.
  await prisma.passwordResetToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - RESET_TOKEN_LIFETIME) } } });
  return token;
}

export function resetLink(baseUrl: string, token: string): string {
  const url = new URL("/reset-password", baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

function resetEmail(username: string, link: string) {
  const text = [
    `Hi ${username},`,
    "",
    "Someone asked to reset the password of your account. To choose a new password, open this link within one hour:",
    "",
    link,
    "",
    "The link works once. If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hi ${escape(username)},</p>
<p>Someone asked to reset the password of your account. To choose a new password, open this link within one hour:</p>
<p><a href="${escape(link)}">Choose a new password</a></p>
<p>The link works once. If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { subject: "Reset your password", text, html };
}

/**
 * Starts a reset for the account named by `entry` (email or username). Returns the
 * delivery of the email, or null when no account matches (the caller must not tell the
 * difference to the client; it should not wait for the delivery either, so that timing
 * does not tell it).
 */
export async function requestPasswordReset(entry: string, options: { baseUrl: string }): Promise<{ delivery: Promise<unknown> | null }> {
  const user = await findAccount(entry);
  if (!user || user.suspendedAt) return { delivery: null };
  const token = await createResetToken(user.id);
  const mail = resetEmail(user.username, resetLink(options.baseUrl, token));
  return { delivery: sendMail({ to: user.email, ...mail }) };
}

/** The live token row for `token`, or null when unknown, used or expired. */
export async function findUsableResetToken(token: string, now = new Date()) {
  if (!token) return null;
  return prisma.passwordResetToken.findFirst({
    where: { tokenHash: hashResetToken(token), usedAt: null, expiresAt: { gt: now }, user: { suspendedAt: null } },
    select: { id: true, userId: true, expiresAt: true },
  });
}

/**
 * Uses the token once: sets the new password, ends every session of the account and
 * retires the account's other reset tokens. The link came by email, so the address is
 * proven: it becomes verified (and ADMIN_EMAILS may apply). Throws UserError for a
 * bad token.
 */
export async function resetPasswordWithToken(token: string, password: string, now = new Date()): Promise<PublicUser> {
  const row = await findUsableResetToken(token, now);
  if (!row) throw new UserError(400, MESSAGES.resetLinkInvalid);
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const user = await prisma.$transaction(async (tx) => {
    // Claim the token; a concurrent use of the same link finds it already used.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw new UserError(400, MESSAGES.resetLinkInvalid);
    const user = await tx.user.update({ where: { id: row.userId }, data: { passwordHash }, select: publicUserSelect });
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    await tx.session.deleteMany({ where: { userId: row.userId } });
    await tx.user.updateMany({ where: { id: row.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    return user;
  });
  return { ...user, role: await grantListedAdmin(user) };
}
