// Deleting one's own account. A member asks from the security settings with proof (their
// password; for an account without one a sign-in within the last ten minutes; and a code from
// the authenticator app when two-factor is on). The account is then hidden at once: every
// session ends, its ready posts are set aside (status "hidden": only ready posts reach anyone),
// its profile, cars and build cards answer 404, search leaves it out and its comments read
// "Deleted member". Signing in within ACCOUNT_DELETION_GRACE restores everything.
// After that the background job deletes it for good (purgeAccount): files first, then every
// row in one transaction. It is safe to run again after a crash: files already gone are
// skipped, and an account already gone is done.
import bcrypt from "bcryptjs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { prisma } from "~/db.server";
import { discardMedia } from "~/lib/media/processed-media.server";
import { removeIncoming } from "~/lib/server/incoming.server";
import { ACCOUNT_DELETION_GRACE_DAYS, DELETE_CONFIRMATION } from "~/lib/rules/account-deletion";
import { cacheDir } from "~/lib/server/env.server";
import { publish } from "~/lib/server/live-hub.server";
import { MEDIA_URL_PREFIX } from "~/lib/media/media-types";
import { POST_STATUS } from "~/lib/rules/post-status";
import { UserError } from "~/lib/user-error";
import { enqueueJob } from "~/models/job.server";
import { storedMediaOf } from "~/models/post-upload.server";
import { RECENT_SIGN_IN, verifySecondFactor } from "~/models/two-factor.server";
import { deleteDataExportFiles } from "~/models/data-export-requests.server";

/** How long a deleted account can still be restored by signing in. */
export const ACCOUNT_DELETION_GRACE = ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;
/** The job kind of the final deletion. */
export const ACCOUNT_DELETION_JOB = "account.delete";
/** The longest one run of the final deletion may take before it is stopped and tried again. */
export const ACCOUNT_DELETION_TIME_LIMIT = 5 * 60 * 1000;
/** Accounts one sweep queues at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;
/** The status of a ready post whose author asked to delete their account. */
export const HIDDEN_POST_STATUS = "hidden";

export const DELETION_MESSAGES = {
  passwordRequired: "Enter your password to delete your account.",
  wrongPassword: "That password is not right. Your account was not deleted.",
  codeRequired: "Enter the 6-digit code from your authenticator app to delete your account.",
  signInAgain: "For your safety, sign in again with Google, then delete your account within 10 minutes.",
  confirmRequired: `Type ${DELETE_CONFIRMATION} in capitals to confirm that you want to delete your account.`,
  restored: "Welcome back! Your account is restored: the deletion you asked for is cancelled.",
} as const;

/** What the member is told once the deletion is asked for. */
export function deletionScheduledMessage(finalAt: Date): string {
  const day = finalAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return `Your account is deleted and hidden from everyone. It will be removed for good on ${day}: sign in before then to restore it.`;
}

export type DeletionProof = {
  /** The typed confirmation word. */
  confirm?: string;
  password?: string;
  code?: string;
  /** When the session asking began: an account without a password proves itself by a recent sign-in. */
  signedInAt: Date;
};

/**
 * Deletes `userId`'s account after checking the proof: hides it at once and queues the final
 * deletion for the end of the grace period. Nothing changes when the proof is missing (400) or
 * wrong (403 for the password, 400 for a code). Answers when it will be final.
 */
export async function requestAccountDeletion(userId: number, proof: DeletionProof, now = new Date()): Promise<{ finalAt: Date }> {
  if (proof.confirm?.trim() !== DELETE_CONFIRMATION) throw new UserError(400, DELETION_MESSAGES.confirmRequired, { field: "confirm" });
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true, totpEnabledAt: true } });
  if (user.passwordHash) {
    if (!proof.password) throw new UserError(400, DELETION_MESSAGES.passwordRequired, { field: "password" });
    if (!(await bcrypt.compare(proof.password, user.passwordHash))) throw new UserError(403, DELETION_MESSAGES.wrongPassword, { field: "password" });
  } else if (!user.totpEnabledAt && now.getTime() - proof.signedInAt.getTime() > RECENT_SIGN_IN) {
    // Google only: the code (below) proves it when two-factor is on, else a fresh sign-in.
    throw new UserError(403, DELETION_MESSAGES.signInAgain);
  }
  if (user.totpEnabledAt) {
    if (!proof.code?.trim()) throw new UserError(400, DELETION_MESSAGES.codeRequired, { field: "code" });
    await verifySecondFactor(userId, proof.code, now.getTime());
  }

  const finalAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { deletedAt: now } });
    await tx.post.updateMany({ where: { createdById: userId, status: POST_STATUS.ready }, data: { status: HIDDEN_POST_STATUS } });
    await tx.session.deleteMany({ where: { userId } });
    await tx.pushSubscription.deleteMany({ where: { userId } });
    await enqueueJob(ACCOUNT_DELETION_JOB, { userId }, { db: tx, delayMs: ACCOUNT_DELETION_GRACE, now: now.getTime() });
  });
  // Open live streams of the ended sessions close.
  publish(userId, { type: "session", data: { reason: "signed_out" } });
  return { finalAt };
}

/**
 * Cancels a deletion that is still in its grace period (called at every completed sign-in):
 * the posts come back and the member finds a notice saying so. Answers whether it restored.
 */
export async function restoreAccount(userId: number): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: userId, deletedAt: { not: null } }, data: { deletedAt: null } });
    if (count === 0) return false;
    await tx.post.updateMany({ where: { createdById: userId, status: HIDDEN_POST_STATUS }, data: { status: POST_STATUS.ready } });
    await tx.notification.create({ data: { userId, type: "account_restored", message: DELETION_MESSAGES.restored } });
    return true;
  });
}

/** Whether `userId` asked to delete their account and is in the grace period. */
export async function deletionPendingSince(userId: number): Promise<Date | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { deletedAt: true } });
  return user?.deletedAt ?? null;
}

// ------------------------------------------------------------------ the final deletion

/** Every stored file of the member: their media, their posts' waiting files, their cars' photos, their profile image. */
async function filesOf(userId: number) {
  const [media, uploads, cars, user] = await Promise.all([
    prisma.media.findMany({
      where: { OR: [{ uploaderId: userId }, { post: { createdById: userId } }] },
      select: { path: true, variants: true, posterPath: true, posterVariants: true },
    }),
    prisma.postUpload.findMany({ where: { post: { createdById: userId } }, select: { tempPath: true, result: true } }),
    prisma.car.findMany({ where: { ownerId: userId }, select: { id: true, coverPath: true, coverVariants: true, coverPending: true } }),
    prisma.user.findUnique({ where: { id: userId }, select: { profileImage: true } }),
  ]);
  const stored = [
    ...media,
    ...uploads.flatMap((upload) => storedMediaOf(upload.result)),
    ...cars.flatMap((car) => (car.coverPath ? [{ path: car.coverPath, variants: car.coverVariants }] : [])),
  ];
  const avatar = user?.profileImage?.startsWith(`${MEDIA_URL_PREFIX}avatars/`) ? user.profileImage.slice(MEDIA_URL_PREFIX.length) : null;
  // An avatar keeps a 64 px copy beside it (variants "64").
  if (avatar) stored.push({ path: avatar, variants: "64" });
  const incoming = [...uploads.map((upload) => upload.tempPath), ...cars.map((car) => car.coverPending)];
  return { stored, incoming, carIds: cars.map((car) => car.id) };
}

/**
 * Deletes the account for good once its grace period is over: files, then every row that
 * names the member. Comments on other members' posts stay without an author ("Deleted
 * member"), events they made stay without a maker, and the moderation log keeps its entries
 * without naming them. Does nothing for an account that is gone already, was restored, or is
 * not due yet. Answers whether it deleted.
 */
export async function purgeAccount(userId: number, now = new Date()): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email: true, deletedAt: true } });
  if (!user?.deletedAt || now.getTime() - user.deletedAt.getTime() < ACCOUNT_DELETION_GRACE) return false;

  // Files first: if the run stops here, the rows still list them for the next run.
  const files = await filesOf(userId);
  for (const media of files.stored) await discardMedia(media);
  await removeIncoming(...files.incoming);
  await deleteDataExportFiles(userId);
  for (const carId of files.carIds) await rm(path.resolve(process.cwd(), cacheDir(), "cards", "car", String(carId)), { recursive: true, force: true });

  await prisma.$transaction(async (tx) => {
    const [posts, comments, cars] = await Promise.all([
      tx.post.findMany({ where: { createdById: userId }, select: { id: true } }),
      tx.comment.findMany({ where: { userId }, select: { id: true } }),
      tx.car.findMany({ where: { ownerId: userId }, select: { id: true } }),
    ]);
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    // Reports about them or their things go with them (reports they made go by cascade).
    await tx.flag.deleteMany({
      where: {
        OR: [
          { contentType: "user", contentId: userId },
          { contentType: "post", contentId: { in: ids(posts) } },
          { contentType: "comment", contentId: { in: ids(comments) } },
          { contentType: "car", contentId: { in: ids(cars) } },
        ],
      },
    });
    // The moderation log keeps what was decided, not about whom: the note may name them.
    await tx.moderationAction.updateMany({
      where: { OR: [{ targetUserId: userId }, { contentType: "user", contentId: userId }] },
      data: { targetUserId: null, contentId: null, note: null },
    });
    await tx.moderationAction.updateMany({ where: { moderatorId: userId }, data: { moderatorId: null } });
    // Rows that name the account without a relation.
    await tx.totpUsedStep.deleteMany({ where: { userId } });
    await tx.transcodeUsage.deleteMany({ where: { userId } });
    await tx.loginCode.deleteMany({ where: { email: user.email } });
    await tx.rateLimit.deleteMany({ where: { key: { endsWith: `:user:${userId}` } } });
    // Pushes to them or caused by them: their payloads carry the id and the name.
    const named = ["userId", "actorId", "iconUserId"].map((field) => ({ payload: { contains: `"${field}":${userId},` } }));
    await tx.job.deleteMany({ where: { lane: "push", OR: named } });
    // Everything else goes with the user row (cascades), or loses its link to it (comments
    // on others' posts, events they made, shares, feedback).
    await tx.user.delete({ where: { id: userId } });
  });
  return true;
}

/** The job's work: the final deletion (the queue stops it past ACCOUNT_DELETION_TIME_LIMIT and tries again). */
export async function runAccountDeletionJob(payload: { userId?: unknown }): Promise<void> {
  const userId = Number(payload?.userId);
  if (!Number.isSafeInteger(userId) || userId < 1) return;
  await purgeAccount(userId);
}

/**
 * Queues the final deletion of every account whose grace period is over and that has no
 * deletion job waiting (run hourly, so an account is deleted even when its own job was lost).
 * Answers how many it queued.
 */
export async function sweepAccountDeletions(now = new Date()): Promise<number> {
  const due = await prisma.user.findMany({
    where: { deletedAt: { lte: new Date(now.getTime() - ACCOUNT_DELETION_GRACE) } },
    select: { id: true },
    orderBy: { deletedAt: "asc" },
    take: SWEEP_BATCH,
  });
  if (due.length === 0) return 0;
  const waiting = await prisma.job.findMany({
    where: { kind: ACCOUNT_DELETION_JOB, state: { in: ["queued", "running"] }, runAfter: { lte: BigInt(now.getTime()) } },
    select: { payload: true },
  });
  const queued = new Set(waiting.map((job) => Number((JSON.parse(job.payload) as { userId?: unknown }).userId)));
  let count = 0;
  for (const { id } of due) {
    if (queued.has(id)) continue;
    await enqueueJob(ACCOUNT_DELETION_JOB, { userId: id }, { now: now.getTime() });
    count += 1;
  }
  return count;
}
