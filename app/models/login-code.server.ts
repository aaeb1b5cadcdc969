// One-time sign-in codes: six digits sent by email, stored
// only as a keyed hash, good for LOGIN_CODE_LIFETIME and LOGIN_CODE_TRIES wrong guesses,
// and used once. Asking never reveals whether an account exists: the caller answers the
// same either way, and no email goes to an address without an account.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { prisma } from "~/db.server";
import { sessionSecret } from "~/lib/server/env.server";
import { sendMail } from "~/lib/server/mailer.server";
import { grantListedAdmin, publicUserSelect, takeOverUnverifiedAccount, type PublicUser } from "~/models/user.server";
import { LOGIN_CODE_MESSAGES } from "~/lib/rules/login-code-messages";
import { UserError } from "~/lib/user-error";

export const LOGIN_CODE_LIFETIME = 10 * 60 * 1000;
export const LOGIN_CODE_TRIES = 5;

export { LOGIN_CODE_MESSAGES };

export function hashLoginCode(email: string, code: string): string {
  return createHmac("sha256", `login-code:${sessionSecret()}`).update(`${email}\n${code}`).digest("hex");
}

function codeEmail(username: string, code: string) {
  const text = [
    `Hi ${username},`,
    "",
    `Your sign-in code is ${code}`,
    "",
    "Enter it in the sign-in window within 10 minutes. It works once.",
    "If you did not ask for it, ignore this email: nobody can sign in without the code.",
  ].join("\n");
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hi ${escape(username)},</p>
<p>Your sign-in code is</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>Enter it in the sign-in window within 10 minutes. It works once.<br>If you did not ask for it, ignore this email: nobody can sign in without the code.</p>`;
  return { subject: LOGIN_CODE_MESSAGES.emailSubject, text, html };
}

/**
 * Makes a new code for the account with `email` and emails it; earlier codes of that email
 * stop working. Returns the delivery, or null when no (usable) account has that email; the
 * caller must answer the same in both cases and should not wait for the delivery.
 */
export async function requestLoginCode(email: string, now = new Date()): Promise<{ delivery: Promise<unknown> | null }> {
  const address = email.trim().toLowerCase();
  const user = await prisma.user.findUnique({ where: { email: address }, select: { username: true, suspendedAt: true } });
  if (!user || user.suspendedAt) return { delivery: null };

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await prisma.$transaction([
    // One live code per address; old rows are of no use to anyone.
    prisma.loginCode.updateMany({ where: { email: address, usedAt: null }, data: { usedAt: now } }),
    prisma.loginCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - LOGIN_CODE_LIFETIME) } } }),
    prisma.loginCode.create({
      data: { email: address, codeHash: hashLoginCode(address, code), createdAt: now, expiresAt: new Date(now.getTime() + LOGIN_CODE_LIFETIME) },
    }),
  ]);
  return { delivery: sendMail({ to: address, ...codeEmail(user.username, code) }) };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a code for `email`. A right code is spent and answers the account; a wrong one
 * costs one of the code's tries. Throws UserError (the same message for wrong,
 * expired, used up and unknown, so nothing is learnt about accounts).
 */
export async function verifyLoginCode(email: string, code: string, now = new Date()): Promise<PublicUser> {
  const address = email.trim().toLowerCase();
  const entry = code.replace(/\s/g, "");
  if (!entry) throw new UserError(400, LOGIN_CODE_MESSAGES.codeRequired);
  if (!/^\d{6}$/.test(entry)) throw new UserError(400, LOGIN_CODE_MESSAGES.invalid);

  const row = await prisma.loginCode.findFirst({
    where: { email: address, usedAt: null, expiresAt: { gt: now }, attempts: { lt: LOGIN_CODE_TRIES } },
    orderBy: { createdAt: "desc" },
    select: { id: true, codeHash: true },
  });
  if (!row) throw new UserError(400, LOGIN_CODE_MESSAGES.invalid);

  if (!sameHash(row.codeHash, hashLoginCode(address, entry))) {
    await prisma.loginCode.updateMany({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
    throw new UserError(400, LOGIN_CODE_MESSAGES.invalid);
  }

  // Spend it: a concurrent use of the same code finds it already used.
  const claimed = await prisma.loginCode.updateMany({
    where: { id: row.id, usedAt: null, attempts: { lt: LOGIN_CODE_TRIES } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) throw new UserError(400, LOGIN_CODE_MESSAGES.invalid);

  const account = await prisma.user.findFirst({ where: { email: address, suspendedAt: null }, select: { ...publicUserSelect, emailVerifiedAt: true } });
  if (!account) throw new UserError(400, LOGIN_CODE_MESSAGES.invalid);
  const { emailVerifiedAt, ...user } = account;
  // Reading the code proves the address. On an account whose address was never verified,
  // what the registrant set up without that proof goes (see takeOverUnverifiedAccount).
  if (!emailVerifiedAt) await takeOverUnverifiedAccount(user, "signed in with a code we emailed", now);
  return { ...user, role: await grantListedAdmin(user) };
}
