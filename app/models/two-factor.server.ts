// Account security: two-factor sign-in with an authenticator app (TOTP), recovery codes,
// the sign-in state of a server session (pending two-factor or signed in), and signing
// out of other devices.
//
// A session of an account with two-factor on counts as signed in only once the session
// has passed the challenge (sessions.mfaPassedAt). Until then it is "pending": getUser()
// treats it as signed out, and only /two-factor accepts it, for TWO_FACTOR_PENDING_LIFETIME.
import { createHash, randomInt } from "node:crypto";
import bcrypt from "bcryptjs";
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { timestampSql } from "~/lib/db/json-sql";
import { formatManualKey, generateTotpSecret, openSecret, otpauthUri, sealSecret, verifyTotp } from "~/lib/server/totp.server";
import type { PublicUser } from "~/models/user.server";
import { claimTotpStep, deleteUsedTotpSteps } from "~/models/limits.server";
import { feedFactsColumns, type FeedFacts } from "~/models/feed-choice.server";
import { unreadCountSql } from "~/models/notification.server";
import { UserError } from "~/lib/user-error";

export const RECOVERY_CODE_COUNT = 10;
/** Accounts without a password prove who they are for set-up by a sign-in this recent. */
export const RECENT_SIGN_IN = 10 * 60 * 1000;
/** How long a signed-in-but-not-yet-challenged session may wait for its code. */
export const TWO_FACTOR_PENDING_LIFETIME = 10 * 60 * 1000;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  invalidCode: "That code is not right. Check your authenticator app and try again.",
  notEnrolling: "Start the set-up again: there is no two-factor secret waiting to be confirmed.",
  alreadyEnabled: "Two-factor authentication is already on.",
  notEnabled: "Two-factor authentication is not on.",
  passwordRequired: "Enter your password to turn off two-factor authentication.",
  enrolPasswordRequired: "Enter your password to set up two-factor authentication.",
  signInAgain: "For your safety, sign in again (with Google or an emailed code), then set up two-factor within 10 minutes.",
  wrongPassword: "That password is not right.",
  enabled: "Two-factor authentication is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-factor authentication is off.",
  challengeExpired: "Your sign-in has expired. Please sign in again.",
  passed: "Login Successful!",
} as const;

// ------------------------------------------------------------------ session state

export type SessionAuthState = {
  sessionId: string;
  user: PublicUser;
  /** Two-factor is on and this session has not passed the challenge yet. */
  pending: boolean;
  createdAt: Date;
  expiresAt: Date;
  /**
   * On PostgreSQL, the database's data version (app/cache/data-version.server.ts) as this
   * statement saw it: read in the same round trip, so a signed-in request's kept answers need
   * no second one. Undefined on SQLite, whose version is read in the process for free.
   */
  dataVersion?: string;
  /** Read only when the statement was asked for them (`PAGE_COLUMNS`). */
  page?: MemberPageFacts;
};

/**
 * What the pages a member opens need besides who they are: the unread badge on every page and
 * the feed choice of the home page. A page request's session statement reads them, so a page
 * spends no round trip of its own on them.
 */
export type MemberPageFacts = { unreadNotifications: number; feed: FeedFacts };

const PAGE_COLUMNS = Prisma.sql`, ${unreadCountSql(Prisma.sql`u."id"`)} AS "unreadNotifications", ${feedFactsColumns(Prisma.sql`u."id"`)}`;

/** PostgreSQL's data version, read by the session statement itself (see `dataVersion`). */
const SNAPSHOT_COLUMN = databaseProvider === "postgresql" ? Prisma.sql`, pg_current_snapshot()::text AS "dataVersion"` : Prisma.empty;

/**
 * What a live session stands for: its user and whether it still waits for the two-factor
 * challenge. Null for a missing, expired or suspended session, and for a pending one that
 * waited too long (which is then deleted).
 */
export async function sessionAuthState(sessionId: string, now = new Date(), options: { page?: boolean } = {}): Promise<SessionAuthState | null> {
  // One statement, as every signed-in request asks this first (Prisma would read the user
  // with a second one).
  const [row] = await prisma.$queryRaw<SessionRow[]>`
    SELECT s."id", s."createdAt", s."expiresAt", s."mfaPassedAt", u."totpEnabledAt",
      u."id" AS "userId", u."email", u."username", u."nickname", u."profileImage", u."role", u."createdAt" AS "userCreatedAt"${SNAPSHOT_COLUMN}${options.page ? PAGE_COLUMNS : Prisma.empty}
    FROM "sessions" s JOIN "users" u ON u."id" = s."userId"
    WHERE s."id" = ${sessionId} AND s."expiresAt" > ${timestampSql(databaseProvider, now)} AND u."suspendedAt" IS NULL
    LIMIT 1`;
  if (!row) return null;
  const pending = Boolean(row.totpEnabledAt) && !row.mfaPassedAt;
  if (pending && now.getTime() - row.createdAt.getTime() > TWO_FACTOR_PENDING_LIFETIME) {
    await prisma.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  const user: PublicUser = {
    id: row.userId,
    email: row.email,
    username: row.username,
    nickname: row.nickname,
    profileImage: row.profileImage,
    role: row.role,
    createdAt: row.userCreatedAt,
  };
  const page: MemberPageFacts | undefined =
    row.unreadNotifications === undefined
      ? undefined
      : { unreadNotifications: Number(row.unreadNotifications), feed: { choice: row.feedChoice ?? null, followsAnything: Number(row.followsAnything) === 1 } };
  return {
    sessionId: row.id,
    user,
    pending,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    ...(row.dataVersion ? { dataVersion: row.dataVersion } : {}),
    ...(page ? { page } : {}),
  };
}

type SessionRow = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  mfaPassedAt: Date | null;
  totpEnabledAt: Date | null;
  userId: number;
  email: string;
  username: string;
  nickname: string | null;
  profileImage: string | null;
  role: string;
  userCreatedAt: Date;
  dataVersion?: string | null;
  unreadNotifications?: number | bigint;
  feedChoice?: string | null;
  followsAnything?: number | bigint;
};

/** Whether signing `userId` in needs the two-factor challenge. */
export async function isTwoFactorEnabled(userId: number): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return Boolean(user?.totpEnabledAt);
}

/** Marks a session as having passed the challenge. */
export async function markTwoFactorPassed(sessionId: string, now = new Date()) {
  await prisma.session.updateMany({ where: { id: sessionId }, data: { mfaPassedAt: now } });
}

/** Ends every session of `userId` except `keepSessionId`; answers how many ended. */
export async function deleteOtherSessions(userId: number, keepSessionId: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { userId, id: { not: keepSessionId } } });
  return count;
}

/** How many other live sessions (devices) the user has. */
export function countOtherSessions(userId: number, keepSessionId: string, now = new Date()) {
  return prisma.session.count({ where: { userId, id: { not: keepSessionId }, expiresAt: { gt: now } } });
}

// ------------------------------------------------------------------ TOTP codes

// A code is good once: the last step accepted per account is kept in the database
// (totp_used_steps), so a code cannot be replayed after a restart or on another instance.
async function acceptTotp(userId: number, secret: string, code: string, now: number): Promise<boolean> {
  const step = verifyTotp(secret, code, now);
  if (step === null) return false;
  return claimTotpStep(userId, step);
}

/** For tests: forget which steps were used. */
export function resetUsedTotpSteps(): Promise<void> {
  return deleteUsedTotpSteps();
}

// ------------------------------------------------------------------ recovery codes

// No 0/o, 1/l/i: easy to copy from paper.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(`recovery:${normalizeRecoveryCode(code)}`)
    .digest("hex");
}

// ------------------------------------------------------------------ enrolment

export type Enrolment = { secret: string; manualKey: string; uri: string };

export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: Date | null;
  /** A secret made by "set up" that waits for its first code. */
  enrolment: Enrolment | null;
  recoveryCodesLeft: number;
  hasPassword: boolean;
};

function enrolmentFor(secret: string, account: string): Enrolment {
  return { secret, manualKey: formatManualKey(secret), uri: otpauthUri(secret, account) };
}

export async function getTwoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpSecret: true, totpEnabledAt: true, passwordHash: true },
  });
  const recoveryCodesLeft = user.totpEnabledAt ? await prisma.recoveryCode.count({ where: { userId, usedAt: null } }) : 0;
  const pendingSecret = !user.totpEnabledAt && user.totpSecret ? openSecret(user.totpSecret) : null;
  return {
    enabled: Boolean(user.totpEnabledAt),
    enabledAt: user.totpEnabledAt,
    enrolment: pendingSecret ? enrolmentFor(pendingSecret, user.email) : null,
    recoveryCodesLeft,
    hasPassword: Boolean(user.passwordHash),
  };
}

/**
 * Makes a new secret for the user to add to an authenticator app (not active until
 * confirmed). Someone holding only a session must not be able to do it: an account with a
 * password re-enters it; an account without one (Google only) must have signed in within
 * RECENT_SIGN_IN, `signedInAt` being when the current session began.
 */
export async function beginEnrolment(userId: number, proof: { password?: string; signedInAt: Date }, now = Date.now()): Promise<Enrolment> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, totpEnabledAt: true, passwordHash: true } });
  if (user.totpEnabledAt) throw new UserError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (user.passwordHash) {
    if (!proof.password) throw new UserError(400, TWO_FACTOR_MESSAGES.enrolPasswordRequired);
    if (!(await bcrypt.compare(proof.password, user.passwordHash))) throw new UserError(403, TWO_FACTOR_MESSAGES.wrongPassword);
  } else if (now - proof.signedInAt.getTime() > RECENT_SIGN_IN) {
    throw new UserError(403, TWO_FACTOR_MESSAGES.signInAgain);
  }
  const secret = generateTotpSecret();
  await prisma.user.update({ where: { id: userId }, data: { totpSecret: sealSecret(secret) } });
  return enrolmentFor(secret, user.email);
}

/**
 * Turns two-factor on with the first code from the app. Answers the recovery codes, shown
 * once (only their hashes are kept). The session that confirmed counts as challenged.
 */
export async function confirmEnrolment(userId: number, code: string, sessionId: string | null, now = Date.now()): Promise<string[]> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) throw new UserError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = user.totpSecret ? openSecret(user.totpSecret) : null;
  if (!secret) throw new UserError(400, TWO_FACTOR_MESSAGES.notEnrolling);
  if (!code.trim()) throw new UserError(400, TWO_FACTOR_MESSAGES.codeRequired);
  if (!(await acceptTotp(userId, secret, code, now))) throw new UserError(400, TWO_FACTOR_MESSAGES.invalidCode);

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const at = new Date(now);
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { totpEnabledAt: at } }),
    prisma.recoveryCode.deleteMany({ where: { userId } }),
    prisma.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })) }),
    ...(sessionId ? [prisma.session.updateMany({ where: { id: sessionId, userId }, data: { mfaPassedAt: at } })] : []),
  ]);
  return codes;
}

/**
 * Checks a challenge answer: a 6-digit code from the app, or an unused recovery code
 * (then spent). Throws UserError when it is neither.
 */
export async function verifySecondFactor(userId: number, code: string, now = Date.now()): Promise<{ method: "totp" | "recovery" }> {
  const entry = code.trim();
  if (!entry) throw new UserError(400, TWO_FACTOR_MESSAGES.codeRequired);
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!user?.totpEnabledAt) throw new UserError(400, TWO_FACTOR_MESSAGES.notEnabled);

  if (/^\d{3}\s?\d{3}$/.test(entry)) {
    const secret = user.totpSecret ? openSecret(user.totpSecret) : null;
    if (secret && (await acceptTotp(userId, secret, entry, now))) return { method: "totp" };
    throw new UserError(400, TWO_FACTOR_MESSAGES.invalidCode);
  }

  // Spend a recovery code: the update only matches an unused one, so it works once.
  const { count } = await prisma.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(entry), usedAt: null },
    data: { usedAt: new Date(now) },
  });
  if (count === 1) return { method: "recovery" };
  throw new UserError(400, TWO_FACTOR_MESSAGES.invalidCode);
}

/**
 * Turns two-factor off. Accounts with a password re-enter it; Google-only accounts (no
 * password) confirm with a current code instead.
 */
export async function disableTwoFactor(userId: number, input: { password?: string; code?: string }): Promise<void> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true, totpEnabledAt: true } });
  if (!user.totpEnabledAt) throw new UserError(409, TWO_FACTOR_MESSAGES.notEnabled);
  if (user.passwordHash) {
    if (!input.password) throw new UserError(400, TWO_FACTOR_MESSAGES.passwordRequired);
    if (!(await bcrypt.compare(input.password, user.passwordHash))) throw new UserError(403, TWO_FACTOR_MESSAGES.wrongPassword);
  } else {
    await verifySecondFactor(userId, input.code ?? "");
  }
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { totpSecret: null, totpEnabledAt: null } }),
    prisma.recoveryCode.deleteMany({ where: { userId } }),
  ]);
}
