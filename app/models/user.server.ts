import bcrypt from "bcryptjs";
import { prisma } from "~/db.server";
import { adminEmails } from "~/lib/env.server";
import { MESSAGES } from "~/lib/auth-schemas";

const BCRYPT_COST = 10;

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

export class AccountError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: "username" | "email" | "password",
  ) {
    super(message);
  }
}

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

function roleFor(email: string) {
  return adminEmails().has(email) ? "admin" : "member";
}

/** Creates an account. Username and email arrive lower-cased by the schema. */
export async function registerUser(input: { username: string; email: string; password: string }): Promise<PublicUser> {
  const [byUsername, byEmail] = await Promise.all([
    prisma.user.findUnique({ where: { username: input.username }, select: { id: true } }),
    prisma.user.findUnique({ where: { email: input.email }, select: { id: true } }),
  ]);
  if (byUsername) throw new AccountError(MESSAGES.usernameTaken, 409, "username");
  if (byEmail) throw new AccountError(MESSAGES.emailTaken, 409, "email");

  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  try {
    return await prisma.user.create({
      data: {
        username: input.username,
        email: input.email,
        passwordHash,
        role: roleFor(input.email),
        profile: { create: {} },
      },
      select: publicUserSelect,
    });
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides.
    if ((error as { code?: string }).code === "P2002") {
      const target = String((error as { meta?: { target?: unknown } }).meta?.target ?? "");
      throw target.includes("email")
        ? new AccountError(MESSAGES.emailTaken, 409, "email")
        : new AccountError(MESSAGES.usernameTaken, 409, "username");
    }
    throw error;
  }
}

/**
 * Checks a password sign-in. An entry with @ is an email; anything else is a username,
 * looked up case-insensitively (names are stored lower-case).
 */
export async function verifyLogin(identifier: string, password: string): Promise<PublicUser> {
  const entry = identifier.trim().toLowerCase();
  const byEmail = entry.includes("@");
  const user = await prisma.user.findUnique({
    where: byEmail ? { email: entry } : { username: entry },
    select: { ...publicUserSelect, passwordHash: true, googleId: true, suspendedAt: true },
  });
  if (!user) {
    throw new AccountError(byEmail ? MESSAGES.invalidCredentials : MESSAGES.usernameNotFound, 401);
  }
  if (!user.passwordHash) {
    throw new AccountError(user.googleId ? MESSAGES.googleOnly : MESSAGES.invalidCredentials, 401);
  }
  if (!(await bcrypt.compare(password, user.passwordHash))) {
    throw new AccountError(MESSAGES.invalidCredentials, 401);
  }
  if (user.suspendedAt) throw new AccountError(MESSAGES.suspended, 403);

  const { passwordHash: _hash, googleId: _google, suspendedAt: _suspended, ...publicUser } = user;
  // ADMIN_EMAILS is the source of truth for who starts as an administrator.
  if (publicUser.role !== "admin" && roleFor(publicUser.email) === "admin") {
    await prisma.user.update({ where: { id: publicUser.id }, data: { role: "admin" } });
    publicUser.role = "admin";
  }
  return publicUser;
}

/** Grants the administrator role to every existing account named in ADMIN_EMAILS. */
export async function syncAdminEmails() {
  const emails = [...adminEmails()];
  if (emails.length === 0) return 0;
  const { count } = await prisma.user.updateMany({
    where: { email: { in: emails }, role: { not: "admin" } },
    data: { role: "admin" },
  });
  return count;
}
