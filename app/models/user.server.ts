import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";
import { prisma } from "~/db.server";
import { adminEmails } from "~/lib/server/env.server";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { publish } from "~/lib/server/live-hub.server";
import { sendMail } from "~/lib/server/mailer.server";
import { UserError } from "~/lib/user-error";

const BCRYPT_COST = 10;

// A sign-in for an account that does not exist (or has no password) still compares against
// a hash of the same cost, so the answer takes as long as for a wrong password.
let dummyHash: Promise<string> | undefined;
function comparisonHash(): Promise<string> {
  dummyHash ??= bcrypt.hash(randomBytes(16).toString("hex"), BCRYPT_COST);
  return dummyHash;
}

/** What the app shows of a user: never the password hash or secrets. */
export const publicUserSelect = {
  id: true,
  email: true,
  username: true,
  nickname: true,
  profileImage: true,
  role: true,
  createdAt: true,
} as const;

export type PublicUser = {
  id: number;
  email: string;
  username: string;
  nickname: string | null;
  profileImage: string | null;
  role: string;
  createdAt: Date;
};

export function getUserById(id: number) {
  return prisma.user.findUnique({ where: { id }, select: publicUserSelect });
}

export function getUserByUsername(username: string) {
  return prisma.user.findUnique({ where: { username: username.toLowerCase() }, select: publicUserSelect });
}

export function isAdmin(user: { role: string } | null | undefined): boolean {
  return user?.role === "admin";
}

/** The administrator check of GET /api/users/check-admin. */
export async function isAdminById(id: number): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id }, select: { role: true } });
  return isAdmin(user);
}

/**
 * ADMIN_EMAILS grants the administrator role to an account whose address is verified,
 * unless an administrator has removed the role since (adminRevokedAt). Called whenever an
 * address becomes verified and at every sign-in. Answers the account's role afterwards.
 */
export async function grantListedAdmin(user: { id: number; email: string; role: string }): Promise<string> {
  if (user.role === "admin" || !adminEmails().has(user.email.toLowerCase())) return user.role;
  const { count } = await prisma.user.updateMany({
    where: { id: user.id, email: user.email, role: { not: "admin" }, emailVerifiedAt: { not: null }, adminRevokedAt: null },
    data: { role: "admin" },
  });
  return count === 1 ? "admin" : user.role;
}

async function withListedAdmin<T extends { id: number; email: string; role: string }>(user: T): Promise<T> {
  const role = await grantListedAdmin(user);
  return role === user.role ? user : { ...user, role };
}

/**
 * Creates an account. Username and email arrive lower-cased by the schema. The password is
 * hashed first, so a refusal (name or address taken) takes as long as a new account.
 */
export async function registerUser(input: { username: string; email: string; password: string }): Promise<PublicUser> {
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  const [byUsername, byEmail] = await Promise.all([
    prisma.user.findUnique({ where: { username: input.username }, select: { id: true } }),
    prisma.user.findUnique({ where: { email: input.email }, select: { id: true } }),
  ]);
  if (byUsername) throw new UserError(409, MESSAGES.usernameTaken, { field: "username" });
  if (byEmail) throw new UserError(409, MESSAGES.emailTaken, { field: "email" });

  try {
    return await prisma.user.create({
      data: {
        username: input.username,
        email: input.email,
        passwordHash,
        // ADMIN_EMAILS counts only once the address is verified.
        role: "member",
        profile: { create: {} },
      },
      select: publicUserSelect,
    });
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides.
    if ((error as { code?: string }).code === "P2002") {
      const target = String((error as { meta?: { target?: unknown } }).meta?.target ?? "");
      throw target.includes("email") ? new UserError(409, MESSAGES.emailTaken, { field: "email" }) : new UserError(409, MESSAGES.usernameTaken, { field: "username" });
    }
    throw error;
  }
}

/**
 * Checks a password sign-in. An entry with @ is an email; anything else is a username,
 * looked up case-insensitively (names are stored lower-case). An email that has no account,
 * a wrong password and an account without a password all answer the same message, unless
 * `knownDevice` says this device signed in to that account before: only then is a Google-only
 * account told to use Google.
 */
export async function verifyLogin(identifier: string, password: string, options: { knownDevice?: (userId: number) => Promise<boolean> } = {}): Promise<PublicUser> {
  const entry = identifier.trim().toLowerCase();
  const byEmail = entry.includes("@");
  const user = await prisma.user.findUnique({
    where: byEmail ? { email: entry } : { username: entry },
    select: { ...publicUserSelect, passwordHash: true, googleId: true, suspendedAt: true },
  });
  // Every path costs one bcrypt comparison, so timing does not tell whether an account exists.
  const matches = await bcrypt.compare(password, user?.passwordHash ?? (await comparisonHash()));
  if (!user) {
    throw new UserError(401, byEmail ? MESSAGES.invalidCredentials : MESSAGES.usernameNotFound);
  }
  if (!user.passwordHash) {
    const toldGoogle = user.googleId !== null && (await options.knownDevice?.(user.id)) === true;
    throw new UserError(401, toldGoogle ? MESSAGES.googleOnly : MESSAGES.invalidCredentials);
  }
  if (!matches) throw new UserError(401, MESSAGES.invalidCredentials);
  if (user.suspendedAt) throw new UserError(403, MESSAGES.suspended);

  const { passwordHash: _hash, googleId: _google, suspendedAt: _suspended, ...publicUser } = user;
  return withListedAdmin(publicUser);
}

// ------------------------------------------------------------------ proven owners

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function takeOverEmail(username: string, how: string) {
  const lines = [
    `Hi ${username},`,
    "",
    `You ${how} as the owner of this email address. The account @${username} had been registered with this address, but the address had never been confirmed.`,
    "",
    "So that only you can use the account now, we removed the password and any two-factor set-up it had, and signed it out on every device. Your email address is now verified.",
    "",
    "To sign in with a password again, use 'Forgot Password?' in the sign-in window.",
  ];
  return {
    subject: "Your account is now yours alone",
    text: lines.join("\n"),
    html: lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join("\n"),
  };
}

/**
 * The address of an account that was never verified has just been proven by someone else
 * than through the account's own verification link (Google, an emailed sign-in code). The
 * person who registered it may not own it, so what they set up goes: the password, two-factor
 * and recovery codes, every session and every outstanding emailed link. The address becomes
 * verified and the owner is told by email. `link` adds fields (a Google id) in the same write.
 */
export async function takeOverUnverifiedAccount(
  user: { id: number; email: string; username: string },
  how: "signed in with Google" | "signed in with a code we emailed",
  now = new Date(),
  link: { googleId?: string } = {},
): Promise<void> {
  const claimed = await prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, emailVerifiedAt: null },
      data: { passwordHash: null, totpSecret: null, totpEnabledAt: null, emailVerifiedAt: now, ...link },
    });
    if (count !== 1) return false;
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    await tx.emailVerificationToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    return true;
  });
  if (!claimed) {
    // Verified meanwhile: only the link is left to make.
    if (link.googleId) await prisma.user.update({ where: { id: user.id }, data: { googleId: link.googleId } });
    return;
  }
  // Open live streams of the ended sessions close.
  publish(user.id, { type: "session", data: { reason: "signed_out" } });
  sendMail({ to: user.email, ...takeOverEmail(user.username, how) }).catch((error) => console.error("Account take-over email failed", error));
}

// ------------------------------------------------------------------ Google sign-in

/** What the Google callback learns about the person (from the userinfo endpoint). */
export type GoogleIdentity = {
  googleId: string;
  email: string;
  emailVerified: boolean;
  name?: string | null;
};

export const GOOGLE_MESSAGES = {
  unverifiedEmail: "Your Google account's email address is not verified. Verify it with Google, or sign in another way.",
  linkedElsewhere: "This email address is already linked to a different Google account.",
  noEmail: "Google did not share an email address for this account.",
} as const;

const USERNAME_MAX = 30;

/** A username made from the email's local part (or the name): lower-case, letters, digits, dots, underscores. */
export function usernameBaseFor(email: string, name?: string | null): string {
  const clean = (value: string) =>
    value
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[\s-]+/g, "_")
      .replace(/[^a-z0-9_.]/g, "")
      .replace(/^[._]+|[._]+$/g, "")
      .slice(0, USERNAME_MAX - 4);
  const fromEmail = clean(email.split("@")[0] ?? "");
  if (fromEmail.length >= 3) return fromEmail;
  const fromName = clean(name ?? "");
  if (fromName.length >= 3) return fromName;
  return "driver";
}

/** `base`, or `base` with the smallest number suffix that nobody uses yet. */
async function freeUsername(base: string): Promise<string> {
  const taken = new Set((await prisma.user.findMany({ where: { username: { startsWith: base } }, select: { username: true } })).map((u) => u.username));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The account for a Google sign-in: the one already linked to this Google id; else the
 * account with the same email (Google must have verified it), which is then linked; else a
 * new, verified account with a username derived from the email and a profile. An account
 * whose own address was never verified is taken over for the proven owner first
 * (takeOverUnverifiedAccount). Throws UserError when none may be used.
 */
export async function findOrCreateGoogleUser(identity: GoogleIdentity, now = new Date()): Promise<PublicUser> {
  const linked = await prisma.user.findUnique({ where: { googleId: identity.googleId }, select: { ...publicUserSelect, suspendedAt: true } });
  if (linked) {
    const { suspendedAt, ...user } = linked;
    if (suspendedAt) throw new UserError(403, MESSAGES.suspended);
    return withListedAdmin(user);
  }

  const email = identity.email.trim().toLowerCase();
  if (!email) throw new UserError(400, GOOGLE_MESSAGES.noEmail);
  if (!identity.emailVerified) throw new UserError(403, GOOGLE_MESSAGES.unverifiedEmail);

  const existing = await prisma.user.findUnique({
    where: { email },
    select: { ...publicUserSelect, suspendedAt: true, googleId: true, emailVerifiedAt: true },
  });
  if (existing) {
    const { suspendedAt, googleId, emailVerifiedAt, ...user } = existing;
    if (suspendedAt) throw new UserError(403, MESSAGES.suspended);
    if (googleId && googleId !== identity.googleId) throw new UserError(409, GOOGLE_MESSAGES.linkedElsewhere);
    if (emailVerifiedAt) await prisma.user.update({ where: { id: user.id }, data: { googleId: identity.googleId } });
    else await takeOverUnverifiedAccount(user, "signed in with Google", now, { googleId: identity.googleId });
    return withListedAdmin(user);
  }

  const base = usernameBaseFor(email, identity.name);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = attempt === 0 ? await freeUsername(base) : `${base}${Math.floor(Math.random() * 9000) + 1000}`;
    try {
      return await prisma.user
        .create({
          data: {
            username,
            email,
            googleId: identity.googleId,
            emailVerifiedAt: now,
            nickname: identity.name?.trim().slice(0, 50) || null,
            profile: { create: {} },
          },
          select: publicUserSelect,
        })
        .then(withListedAdmin);
    } catch (error) {
      // Another sign-up took the name (or the email) meanwhile.
      if ((error as { code?: string }).code !== "P2002") throw error;
      const clash = await prisma.user.findFirst({ where: { OR: [{ email }, { googleId: identity.googleId }] }, select: { id: true } });
      if (clash) return findOrCreateGoogleUser(identity, now);
    }
  }
  throw new UserError(409, MESSAGES.registrationFailed);
}
