// "Download my data": one zip per member with everything they put in, made by a background
// job in the "export" lane and kept for a week.
//
// Rules:
// - A member asks; while one of their downloads is being made, asking again answers that one
//   (the unique `activeKey` holds the member's id while it is pending, so two requests at the
//   same moment still make one).
// - The zip holds data.json (profile, cars, mods with their costs, posts with their stories,
//   tags, cars and files, comments, messages sent and received, follows, likes, saves, events,
//   notification choices) and every photo and video the member uploaded, as stored, named by
//   post: posts/2026-11-20-post-41/1.webp. It is written as a stream to a private file
//   beside the media store (on disk or in the bucket): no file is ever held whole in memory.
// - Making it may take at most EXPORT_TIME_LIMIT_MS; a run that takes longer fails and is
//   tried again later.
// - When it is ready the member gets a notice (in the list, live and by push) and an e-mail.
// - The file is theirs alone for EXPORT_KEEP_DAYS; then it is deleted (by a job queued for
//   that moment, or by the first request after it) and the link answers 410.
import { Transform, type Readable } from "node:stream";
import yazl from "yazl";
import { prisma } from "~/db.server";
import { SITE_NAME } from "~/lib/rules/brand";
import { sendMail } from "~/lib/server/mailer.server";
import { deletePrivateFile, isValidKey, newPrivateName, openMedia, openPrivateFile, statMedia, writePrivateFile } from "~/lib/media/media-storage.server";
import { extensionOf, MEDIA_URL_PREFIX } from "~/lib/media/media-types";
import { UserError } from "~/lib/user-error";
import { enqueueJob } from "~/models/job.server";
import { DATA_EXPORT_PAGE, notifyDataExportReady } from "~/models/notification.server";
import { getPushPreferences, queuePush } from "~/models/push.server";

export const DATA_EXPORT_JOB = "data-export";
export const DATA_EXPORT_EXPIRE_JOB = "data-export-expire";
/** How long a ready download can be fetched. */
export const EXPORT_KEEP_DAYS = 7;
const EXPORT_KEEP_MS = EXPORT_KEEP_DAYS * 24 * 3600_000;
/** The longest one run of the job may take before it is stopped (and tried again later). */
export const EXPORT_TIME_LIMIT_MS = 30 * 60_000;
/** Runs of the job before the download counts as failed. */
const EXPORT_ATTEMPTS = 3;

export type DataExportStatus = "pending" | "ready" | "failed" | "expired";

/** A download as its member's page shows it. */
export type DataExportView = {
  id: number;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  /** Bytes of the zip, once ready. */
  bytes: number | null;
  /** Where the zip is fetched, while it is ready. */
  url: string | null;
};

type ExportRow = { id: number; userId: number; status: string; path: string | null; bytes: bigint | null; createdAt: Date; readyAt: Date | null; expiresAt: Date | null };

const exportSelect = { id: true, userId: true, status: true, path: true, bytes: true, createdAt: true, readyAt: true, expiresAt: true } as const;

/** The address a ready download is fetched from (its member's alone). */
export function exportDownloadUrl(id: number): string {
  return `${DATA_EXPORT_PAGE}/${id}/download`;
}

function isExpired(row: Pick<ExportRow, "status" | "expiresAt">, now: number): boolean {
  return row.status === "expired" || (row.status === "ready" && row.expiresAt !== null && row.expiresAt.getTime() <= now);
}

function toView(row: ExportRow, now = Date.now()): DataExportView {
  const status: DataExportStatus = isExpired(row, now) ? "expired" : (row.status as DataExportStatus);
  return {
    id: row.id,
    status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes === null ? null : Number(row.bytes),
    url: status === "ready" ? exportDownloadUrl(row.id) : null,
  };
}

type ExportJobPayload = { exportId: number; origin: string };
type ExpireJobPayload = { exportId: number; path: string };

/**
 * Starts a download of the member's data, or answers the one being made. `origin` is the
 * site's address for the e-mail's link. `started` says whether a new one was queued (the
 * caller then wakes the job workers).
 */
export async function requestDataExport(userId: number, origin: string): Promise<{ export: DataExportView; started: boolean }> {
  const pending = await prisma.dataExport.findUnique({ where: { activeKey: String(userId) }, select: exportSelect });
  if (pending) return { export: toView(pending), started: false };
  try {
    const row = await prisma.$transaction(async (tx) => {
      const created = await tx.dataExport.create({ data: { userId, activeKey: String(userId) }, select: exportSelect });
      await enqueueJob(DATA_EXPORT_JOB, { exportId: created.id, origin } satisfies ExportJobPayload, { db: tx, lane: "export", maxAttempts: EXPORT_ATTEMPTS });
      return created;
    });
    return { export: toView(row), started: true };
  } catch (error) {
    // Another request made one at the same moment: answer that one.
    if ((error as { code?: string }).code !== "P2002") throw error;
    const other = await prisma.dataExport.findUnique({ where: { activeKey: String(userId) }, select: exportSelect });
    if (!other) throw error;
    return { export: toView(other), started: false };
  }
}

/** The member's newest download (the one their page shows); null when they never asked. */
export async function latestDataExport(userId: number): Promise<DataExportView | null> {
  const row = await prisma.dataExport.findFirst({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: exportSelect });
  return row ? toView(row) : null;
}

/**
 * The zip of download `id` for `userId`: a stream and its size. Anyone else's, or one that is
 * not ready, is a 404; one past its week is a 410 (its file is deleted then, if still there).
 */
export async function openDataExport(userId: number, id: number, now = Date.now()): Promise<{ stream: Readable; size: number; createdAt: Date }> {
  const row = await prisma.dataExport.findUnique({ where: { id }, select: exportSelect });
  if (!row || row.userId !== userId || (row.status !== "ready" && row.status !== "expired")) throw new UserError(404, "Download not found");
  if (isExpired(row, now)) {
    if (row.path) await expireExport(row.id, row.path);
    throw new UserError(410, "This download has expired");
  }
  const file = row.path ? await openPrivateFile(row.path) : null;
  if (!file) throw new UserError(404, "Download not found");
  return { ...file, createdAt: row.createdAt };
}

/** Deletes a download's file and marks it expired. */
async function expireExport(id: number, path: string): Promise<void> {
  await deletePrivateFile(path);
  await prisma.dataExport.updateMany({ where: { id, path }, data: { status: "expired", path: null } });
}

/**
 * Deletes the files of every download of a member (for deleting their account: run it
 * before their rows go). Without it, each file still goes when its week is over.
 */
export async function deleteDataExportFiles(userId: number): Promise<void> {
  const rows = await prisma.dataExport.findMany({ where: { userId, path: { not: null } }, select: { id: true, path: true } });
  for (const row of rows) if (row.path) await expireExport(row.id, row.path);
}

// ------------------------------------------------------------------ the jobs

/** The job that deletes a download when its week is over (queued when it becomes ready). */
export async function runDataExportExpiry(payload: ExpireJobPayload, now = Date.now()): Promise<void> {
  const row = await prisma.dataExport.findUnique({ where: { id: payload.exportId }, select: { expiresAt: true, path: true } });
  // The member (and so the row) is gone: the file goes too.
  if (!row) return deletePrivateFile(payload.path);
  if (row.path !== payload.path) return;
  if (row.expiresAt && row.expiresAt.getTime() > now) {
    await enqueueJob(DATA_EXPORT_EXPIRE_JOB, payload, { lane: "export", delayMs: row.expiresAt.getTime() - now });
    return;
  }
  await expireExport(payload.exportId, payload.path);
}

/** The job's final failure: the download is marked failed, and the member may ask again. */
export async function failDataExport(payload: ExportJobPayload, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await prisma.dataExport.updateMany({ where: { id: payload.exportId, status: "pending" }, data: { status: "failed", activeKey: null, error: message.slice(0, 500) } });
}

/** Makes the zip of one download, stores it, and tells its member. Safe to run again. */
export async function runDataExport(payload: ExportJobPayload, signal?: AbortSignal): Promise<void> {
  const row = await prisma.dataExport.findUnique({ where: { id: payload.exportId }, select: { ...exportSelect, user: { select: { email: true } } } });
  if (!row || row.status !== "pending") return;
  const { entries, document } = await collectMemberData(row.userId);

  const path = newPrivateName("exports", "zip");
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const zip = new yazl.ZipFile();
  zip.on("error", (error: Error) => counted.destroy(error));
  (zip.outputStream as Readable).on("error", (error: Error) => counted.destroy(error)).pipe(counted);
  // Past the job's time limit the queue aborts `signal`: the file stops where it is and is deleted.
  const overtime = () => new Error(`Making the download took longer than ${EXPORT_TIME_LIMIT_MS / 60_000} minutes`);
  if (signal?.aborted) throw overtime();
  const stop = () => counted.destroy(overtime());
  // The writer below reports how the file ended; a stop before it listens is not a crash.
  counted.on("error", () => undefined);
  signal?.addEventListener("abort", stop, { once: true });
  const mtime = row.createdAt;
  try {
    zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), "data.json", { mtime });
    // Photos and videos are compressed already: stored as they are, read one at a time.
    for (const entry of entries) {
      zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime }, (callback) => {
        openMedia(entry.key).then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as never),
        );
      });
    }
    zip.end();
    await writePrivateFile(path, counted, "application/zip");
  } catch (error) {
    await deletePrivateFile(path).catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener("abort", stop);
  }

  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_KEEP_MS);
  const done = await prisma.$transaction(async (tx) => {
    const { count } = await tx.dataExport.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status: "ready", activeKey: null, path, bytes: BigInt(bytes), readyAt, expiresAt, error: null },
    });
    if (count === 1) await enqueueJob(DATA_EXPORT_EXPIRE_JOB, { exportId: row.id, path } satisfies ExpireJobPayload, { db: tx, lane: "export", delayMs: EXPORT_KEEP_MS });
    return count === 1;
  });
  if (!done) {
    await deletePrivateFile(path);
    return;
  }
  await tellReady(row.userId, row.user.email, row.id, payload.origin, expiresAt);
}

const READY_MESSAGE = "Your data download is ready";

async function tellReady(userId: number, email: string, exportId: number, origin: string, expiresAt: Date): Promise<void> {
  const dedupeKey = `data_export:${exportId}`;
  if (!(await notifyDataExportReady(userId, READY_MESSAGE, dedupeKey))) return;
  await queuePush({ userId, kind: "download", actorId: null, title: READY_MESSAGE, body: SITE_NAME, url: DATA_EXPORT_PAGE, tag: dedupeKey });
  const page = `${origin}${DATA_EXPORT_PAGE}`;
  const until = expiresAt.toUTCString();
  await sendMail({
    to: email,
    subject: READY_MESSAGE,
    text: [
      `The copy of your ${SITE_NAME} data you asked for is ready.`,
      "",
      `Download it here (signed in to your account): ${page}`,
      "",
      `The link works until ${until}; after that the file is deleted and you can ask for a new one.`,
    ].join("\n"),
  });
}

// ------------------------------------------------------------------ what goes in

/** One stored file in the zip. */
type FileEntry = { name: string; key: string; size: number };

/** The media store's key of a stored path ("/media/ab/cd/x.webp" or "ab/cd/x.webp"); null for anything else. */
function keyOf(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const key = stored.startsWith(MEDIA_URL_PREFIX) ? stored.slice(MEDIA_URL_PREFIX.length) : stored;
  return isValidKey(key) ? key : null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Everything the zip holds for a member: the JSON document, and the stored files with the
 * names they get in the zip (files that are gone from the store are listed as missing).
 */
export async function collectMemberData(userId: number): Promise<{ document: Record<string, unknown>; entries: FileEntry[] }> {
  const [user, cars, posts, comments, sent, received, following, followers, carFollows, likes, commentLikes, saves, attending, events, pushPreferences] =
    await Promise.all([
      prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: {
          username: true,
          email: true,
          nickname: true,
          profileImage: true,
          emailVerifiedAt: true,
          createdAt: true,
          profile: { select: { bio: true, showAllGramsPosts: true } },
        },
      }),
      prisma.car.findMany({
        where: { ownerId: userId },
        orderBy: { id: "asc" },
        select: {
          id: true,
          make: true,
          model: true,
          year: true,
          trim: true,
          bodystyle: true,
          nickname: true,
          insuranceExpiresAt: true,
          coverPath: true,
          createdAt: true,
          builds: { select: { id: true, name: true }, orderBy: { id: "asc" } },
          mods: {
            orderBy: { id: "asc" },
            select: {
              id: true,
              category: true,
              modelName: true,
              description: true,
              type: true,
              costCents: true,
              showCost: true,
              buildId: true,
              createdAt: true,
              manufacturer: { select: { name: true } },
              vendor: { select: { name: true } },
              installer: { select: { name: true } },
              gains: { select: { type: true, amount: true, unit: true }, orderBy: { id: "asc" } },
            },
          },
        },
      }),
      prisma.post.findMany({
        where: { createdById: userId },
        orderBy: { id: "asc" },
        select: {
          id: true,
          story: true,
          layout: true,
          soundcloudUrl: true,
          status: true,
          createdAt: true,
          postCars: { select: { carId: true }, orderBy: { position: "asc" } },
          postMods: { select: { modId: true } },
          postTags: { select: { tag: { select: { name: true } } } },
          media: {
            orderBy: [{ position: "asc" }, { id: "asc" }],
            select: { id: true, kind: true, path: true, mimeType: true, alt: true, width: true, height: true, durationMs: true },
          },
        },
      }),
      prisma.comment.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { id: true, postId: true, parentId: true, content: true, createdAt: true } }),
      prisma.message.findMany({
        where: { senderId: userId },
        orderBy: { id: "asc" },
        select: { id: true, content: true, createdAt: true, readAt: true, recipient: { select: { username: true } } },
      }),
      prisma.message.findMany({
        where: { recipientId: userId },
        orderBy: { id: "asc" },
        select: { id: true, content: true, createdAt: true, readAt: true, sender: { select: { username: true } } },
      }),
      prisma.userFollow.findMany({
        where: { followerId: userId },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true, following: { select: { username: true } } },
      }),
      prisma.userFollow.findMany({
        where: { followingId: userId },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true, follower: { select: { username: true } } },
      }),
      prisma.carFollow.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { carId: true, createdAt: true } }),
      prisma.postLike.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { postId: true, type: true, createdAt: true } }),
      prisma.commentLike.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { commentId: true, createdAt: true } }),
      prisma.save.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { postId: true, createdAt: true } }),
      prisma.eventAttendee.findMany({
        where: { userId },
        orderBy: { createdAt: "asc" },
        select: { carId: true, createdAt: true, event: { select: { id: true, name: true, dateTime: true, location: true } } },
      }),
      prisma.event.findMany({
        where: { createdById: userId },
        orderBy: { id: "asc" },
        select: { id: true, name: true, dateTime: true, location: true, description: true, coverPath: true, createdAt: true },
      }),
      getPushPreferences(userId),
    ]);

  // The files, each named where it belongs; sizes come from the store (a missing file is left out).
  const wanted: Array<{ name: string; key: string | null }> = [];
  const profileKey = keyOf(user.profileImage);
  const profilePhoto = profileKey ? `profile/photo.${extensionOf(profileKey)}` : null;
  wanted.push({ name: profilePhoto ?? "", key: profileKey });
  const carPhotos = new Map<number, string>();
  for (const car of cars) {
    const key = keyOf(car.coverPath);
    if (!key) continue;
    const name = `cars/car-${car.id}/photo.${extensionOf(key)}`;
    carPhotos.set(car.id, name);
    wanted.push({ name, key });
  }
  const eventCovers = new Map<number, string>();
  for (const event of events) {
    const key = keyOf(event.coverPath);
    if (!key) continue;
    const name = `events/event-${event.id}/cover.${extensionOf(key)}`;
    eventCovers.set(event.id, name);
    wanted.push({ name, key });
  }
  const mediaFiles = new Map<number, string>();
  for (const post of posts) {
    post.media.forEach((medium, index) => {
      const key = keyOf(medium.path);
      if (!key) return;
      const name = `posts/${day(post.createdAt)}-post-${post.id}/${index + 1}.${extensionOf(key)}`;
      mediaFiles.set(medium.id, name);
      wanted.push({ name, key });
    });
  }
  const entries: FileEntry[] = [];
  const missing = new Set<string>();
  for (const file of wanted) {
    if (!file.key) continue;
    const info = await statMedia(file.key);
    if (info) entries.push({ name: file.name, key: file.key, size: info.size });
    else missing.add(file.name);
  }
  const fileName = (name: string | null | undefined) => (name && !missing.has(name) ? name : null);

  const document = {
    about: `Everything you put into ${SITE_NAME}, as of ${new Date().toISOString()}. Photos and videos are in the folders beside this file, as they were stored.`,
    profile: {
      username: user.username,
      email: user.email,
      nickname: user.nickname,
      bio: user.profile?.bio ?? null,
      photo: fileName(profilePhoto),
      emailVerifiedAt: iso(user.emailVerifiedAt),
      showAllGramsPosts: user.profile?.showAllGramsPosts ?? false,
      joinedAt: iso(user.createdAt),
    },
    notificationSettings: { push: pushPreferences },
    cars: cars.map((car) => ({
      id: car.id,
      make: car.make,
      model: car.model,
      year: car.year,
      trim: car.trim,
      bodystyle: car.bodystyle,
      nickname: car.nickname,
      insuranceExpiresAt: iso(car.insuranceExpiresAt),
      photo: fileName(carPhotos.get(car.id)),
      addedAt: iso(car.createdAt),
      builds: car.builds,
      mods: car.mods.map((mod) => ({
        id: mod.id,
        category: mod.category,
        model: mod.modelName,
        manufacturer: mod.manufacturer?.name ?? null,
        description: mod.description,
        type: mod.type,
        cost: mod.costCents === null ? null : mod.costCents / 100,
        costShownToOthers: mod.showCost,
        vendor: mod.vendor?.name ?? null,
        installer: mod.installer?.name ?? null,
        buildId: mod.buildId,
        gains: mod.gains,
        addedAt: iso(mod.createdAt),
      })),
    })),
    posts: posts.map((post) => ({
      id: post.id,
      story: post.story,
      status: post.status,
      layout: post.layout,
      soundcloudUrl: post.soundcloudUrl,
      tags: post.postTags.map((postTag) => postTag.tag.name).sort(),
      carIds: post.postCars.map((postCar) => postCar.carId),
      modIds: post.postMods.map((postMod) => postMod.modId),
      createdAt: iso(post.createdAt),
      media: post.media.map((medium) => ({
        file: fileName(mediaFiles.get(medium.id)),
        kind: medium.kind,
        type: medium.mimeType,
        description: medium.alt,
        width: medium.width,
        height: medium.height,
        durationMs: medium.durationMs,
      })),
    })),
    comments: comments.map((comment) => ({ ...comment, createdAt: iso(comment.createdAt) })),
    messages: {
      sent: sent.map((message) => ({
        id: message.id,
        to: message.recipient.username,
        content: message.content,
        sentAt: iso(message.createdAt),
        readAt: iso(message.readAt),
      })),
      received: received.map((message) => ({
        id: message.id,
        from: message.sender.username,
        content: message.content,
        sentAt: iso(message.createdAt),
        readAt: iso(message.readAt),
      })),
    },
    follows: {
      members: following.map((follow) => ({ username: follow.following.username, since: iso(follow.createdAt) })),
      followers: followers.map((follow) => ({ username: follow.follower.username, since: iso(follow.createdAt) })),
      cars: carFollows.map((follow) => ({ carId: follow.carId, since: iso(follow.createdAt) })),
    },
    likes: {
      posts: likes.map((like) => ({ postId: like.postId, type: like.type, at: iso(like.createdAt) })),
      comments: commentLikes.map((like) => ({ commentId: like.commentId, at: iso(like.createdAt) })),
    },
    saves: saves.map((save) => ({ postId: save.postId, at: iso(save.createdAt) })),
    events: {
      attending: attending.map((going) => ({
        eventId: going.event.id,
        name: going.event.name,
        startsAt: iso(going.event.dateTime),
        location: going.event.location,
        carId: going.carId,
        since: iso(going.createdAt),
      })),
      created: events.map((event) => ({
        id: event.id,
        name: event.name,
        startsAt: iso(event.dateTime),
        location: event.location,
        description: event.description,
        cover: fileName(eventCovers.get(event.id)),
        createdAt: iso(event.createdAt),
      })),
    },
  };
  return { document, entries };
}
