// The demo seed: people, cars, posts with generated photos and sample videos, comments,
// likes, follows, mods, events, notifications and messages. Every picture and video goes
// through the real upload pipeline (stored files, Media rows with resized variants).
// Randomness is seeded, so the demo comes out the same every time (file names aside).
import { readFile } from "node:fs/promises";
import path from "node:path";
import bcrypt from "bcryptjs";
import type { PrismaClient } from "~/generated/prisma/client";
import { discardMedia, mediaColumns, type ProcessedMedia, type StoredMediaFiles } from "~/lib/media/processed-media.server";
import { processAvatar, type ProcessedAvatar } from "~/lib/media/photo-storage.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { deleteMedia } from "~/lib/media/media-storage.server";
import { AVATAR_SMALL_SIZE, MEDIA_URL_PREFIX, parseVariants, variantPath } from "~/lib/media/media-types";
import { carFollowMessage, insuranceMessage, userFollowMessage } from "~/models/notification.server";
import { rebuildTimelines } from "~/models/timeline.server";
import { cleanName, nameKey } from "~/lib/rules/names";
import { cached } from "./cache";
import {
  CARS,
  COMMENT_PAIRS,
  CAR_FOLLOWS,
  DEMO_PASSWORD,
  EVENTS,
  MESSAGES,
  MODS,
  POSTS,
  THREADS,
  USERS,
  USER_FOLLOWS,
  VIDEO_FILES,
  type Aspect,
  type SeedPost,
} from "./data";
import { createRng, type Rng } from "./random";
import { renderAvatar, renderPicture, type PictureSpec, type SceneName, type Shot } from "./scenes";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ASSETS = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "seed-assets");

export type SeedOptions = {
  /** Seed only when there are no users; otherwise do nothing and return null. */
  ifEmpty?: boolean;
  /** Delete everything (rows and stored files) first. */
  reset?: boolean;
  /** The moment the demo is "now" (tests pin it). */
  now?: Date;
  log?: (line: string) => void;
};

export type SeedSummary = Record<
  | "users"
  | "cars"
  | "posts"
  | "media"
  | "videos"
  | "comments"
  | "replies"
  | "commentLikes"
  | "likes"
  | "dislikes"
  | "saves"
  | "shares"
  | "userFollows"
  | "carFollows"
  | "mods"
  | "events"
  | "attendees"
  | "notifications"
  | "messages",
  number
> & { seconds: number };

const SIZES: Record<Aspect, [number, number]> = {
  landscape: [1280, 960],
  wide: [1440, 810],
  portrait: [1080, 1350],
  square: [1080, 1080],
  tall: [1080, 1920],
};

/**
 * Runs `task` over `items`, `limit` at a time, keeping the order of results. After a
 * failure no new task starts; the running ones finish before the first error is thrown.
 */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker() {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        results[index] = await task(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

function aspectFor(rng: Rng, post: SeedPost, shot: Shot): Aspect {
  if (post.aspect && post.aspect !== "mixed") return post.aspect;
  if (shot === "front" || shot === "rear") return rng.pick<Aspect>(["portrait", "portrait", "square", "landscape"]);
  if (shot === "wheel" || shot === "gauges") return rng.pick<Aspect>(["square", "landscape", "portrait"]);
  if (shot === "meet") return rng.pick<Aspect>(["landscape", "wide"]);
  return rng.pick<Aspect>(["landscape", "landscape", "wide", "portrait", "square"]);
}

/** The pictures a post shows, as specs for the painter. */
function pictureSpecs(post: SeedPost, rng: Rng): PictureSpec[] {
  return post.photos.map((photo, index) => {
    const [scene, shotName] = photo.split(":") as [SceneName, Shot | undefined];
    const shot: Shot = shotName ?? "side";
    const carKey = post.cars[index % post.cars.length];
    const car = CARS.find((candidate) => candidate.key === carKey)!;
    const [width, height] = SIZES[aspectFor(rng, post, shot)];
    const others =
      shot === "meet"
        ? rng
            .sample(
              CARS.filter((candidate) => candidate.key !== carKey),
              3,
            )
            .map((other) => other.look)
        : undefined;
    return { width, height, scene, shot, look: car.look, seed: `${post.key}:${index}`, others };
  });
}

function dayStamp(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Deletes every row and the stored files they point to. */
export async function wipeDemo(prisma: PrismaClient) {
  const media = await prisma.media.findMany({ select: { path: true, variants: true, posterPath: true, posterVariants: true } });
  for (const item of media) await discardMedia(item);
  const users = await prisma.user.findMany({ where: { profileImage: { startsWith: MEDIA_URL_PREFIX } }, select: { profileImage: true } });
  for (const { profileImage } of users) {
    const key = profileImage!.slice(MEDIA_URL_PREFIX.length);
    await deleteMedia(key, variantPath(key, AVATAR_SMALL_SIZE));
  }
  await prisma.$transaction([
    prisma.notification.deleteMany(),
    prisma.message.deleteMany(),
    prisma.commentLike.deleteMany(),
    prisma.comment.deleteMany(),
    prisma.postLike.deleteMany(),
    prisma.save.deleteMany(),
    prisma.share.deleteMany(),
    prisma.performanceGain.deleteMany(),
    prisma.postMod.deleteMany(),
    prisma.mod.deleteMany(),
    prisma.build.deleteMany(),
    prisma.media.deleteMany(),
    prisma.postCar.deleteMany(),
    prisma.eventAttendee.deleteMany(),
    prisma.event.deleteMany(),
    prisma.post.deleteMany(),
    prisma.carFollow.deleteMany(),
    prisma.userFollow.deleteMany(),
    prisma.flag.deleteMany(),
    prisma.moderationAction.deleteMany(),
    prisma.feedback.deleteMany(),
    prisma.block.deleteMany(),
    prisma.car.deleteMany(),
    prisma.part.deleteMany(),
    prisma.manufacturer.deleteMany(),
    prisma.vendor.deleteMany(),
    prisma.installer.deleteMany(),
    prisma.session.deleteMany(),
    prisma.passwordResetToken.deleteMany(),
    prisma.recoveryCode.deleteMany(),
    prisma.loginCode.deleteMany(),
    prisma.profile.deleteMany(),
    prisma.user.deleteMany(),
  ]);
}

/** Paints a picture and runs it through the upload pipeline; lists the files stored. */
async function processPicture(paint: () => Promise<Buffer>) {
  const made = await processUpload(await paint());
  return { result: made, files: [made.path, ...parseVariants(made.variants).map((width) => variantPath(made.path, width))] };
}

type PreparedPost = { post: SeedPost; media: ProcessedMedia[] };

/** Renders and stores every picture and video; returns what was stored. */
async function prepareMedia(rng: Rng, log: (line: string) => void) {
  const stored: StoredMediaFiles[] = [];
  const avatarLooks = USERS.filter((user) => user.avatar).map((user) => ({ user, look: CARS.find((car) => car.key === user.avatar)!.look }));

  const jobs: Array<() => Promise<void>> = [];
  const avatars = new Map<string, ProcessedAvatar>();
  for (const { user, look } of avatarLooks) {
    jobs.push(async () => {
      const avatar = await cached({ kind: "avatar", look, seed: `avatar:${user.username}` }, async () => {
        const made = await processAvatar(await renderAvatar(look, `avatar:${user.username}`));
        return { result: made, files: [made.path, variantPath(made.path, AVATAR_SMALL_SIZE)] };
      });
      stored.push({ path: avatar.path, variants: avatar.variants });
      avatars.set(user.username, avatar);
    });
  }
  const prepared: PreparedPost[] = POSTS.map((post) => ({ post, media: [] }));
  const photoSlots: Array<Array<ProcessedMedia | undefined>> = prepared.map(() => []);
  prepared.forEach(({ post }, postIndex) => {
    const specs = pictureSpecs(post, rng.fork(post.key));
    photoSlots[postIndex] = new Array(specs.length);
    specs.forEach((spec, photoIndex) => {
      jobs.push(async () => {
        const processed = await cached({ kind: "picture", spec }, () => processPicture(() => renderPicture(spec)));
        stored.push(processed);
        photoSlots[postIndex][photoIndex] = processed;
      });
    });
    if (post.video) {
      const clip = post.video;
      jobs.push(async () => {
        // The pipeline stores the clip as H.264 MP4 and makes its poster frame.
        const video = await processUpload(await readFile(path.join(ASSETS, "videos", VIDEO_FILES[clip])));
        stored.push(video);
        prepared[postIndex].media.unshift(video);
      });
    }
  });

  const started = Date.now();
  try {
    // Two cores: libvips already spreads each image over threads, so a small pool is best.
    await pool(jobs, 3, (job) => job());
  } catch (error) {
    await Promise.all(stored.map((item) => discardMedia(item)));
    throw error;
  }
  prepared.forEach((entry, index) => entry.media.push(...(photoSlots[index] as ProcessedMedia[])));
  const files = prepared.reduce((sum, entry) => sum + entry.media.length, 0);
  log(`Rendered and stored ${files} photos and videos and ${avatars.size} profile pictures in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { prepared, avatars, stored };
}

/** Seeds the demo. Returns what it created, or null when `ifEmpty` found users already. */
export async function seedDemo(prisma: PrismaClient, options: SeedOptions = {}): Promise<SeedSummary | null> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  if (options.reset) {
    await wipeDemo(prisma);
  } else {
    const users = await prisma.user.count();
    if (users > 0) {
      if (options.ifEmpty) {
        log("The database already has users: the demo seed was skipped.");
        return null;
      }
      throw new Error("The database already has users. Run with --reset to replace everything, or --if-empty to skip.");
    }
  }

  const now = options.now ?? new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const rng = createRng("carsocial-demo-v1");
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const { prepared, avatars, stored } = await prepareMedia(rng.fork("media"), log);

  try {
    const summary = await prisma.$transaction(
      async (tx) => {
        // ------------------------------------------------ people
        const userRows = await tx.user.createManyAndReturn({
          data: USERS.map((user) => ({
            username: user.username,
            email: user.email,
            nickname: user.nickname,
            role: user.role ?? "member",
            passwordHash,
            profileImage: avatars.get(user.username)?.url ?? null,
            emailVerifiedAt: ago(user.joinedDaysAgo * DAY),
            createdAt: ago(user.joinedDaysAgo * DAY),
          })),
          select: { id: true, username: true },
        });
        const userId = new Map(userRows.map((row) => [row.username, row.id]));
        const uid = (username: string) => {
          const id = userId.get(username);
          if (id === undefined) throw new Error(`Unknown user ${username}`);
          return id;
        };
        await tx.profile.createMany({
          data: USERS.map((user) => ({ id: uid(user.username), bio: user.bio, showAllGramsPosts: user.showAllGramsPosts ?? false })),
        });
        const joined = new Map(USERS.map((user) => [user.username, user.joinedDaysAgo]));

        // ------------------------------------------------ cars
        const insuranceDate = (days: number) => {
          const date = new Date(now.getTime() + days * DAY);
          date.setUTCHours(12, 0, 0, 0);
          return date;
        };
        const carRows = (
          await tx.car.createManyAndReturn({
            data: CARS.map((car) => ({
              ownerId: uid(car.owner),
              make: car.make,
              model: car.model,
              year: car.year,
              trim: car.trim,
              bodystyle: car.bodystyle,
              nickname: car.nickname,
              insuranceExpiresAt: car.insuranceInDays === undefined ? null : insuranceDate(car.insuranceInDays),
              insuranceNotifiedFor: car.insuranceInDays !== undefined && car.insuranceInDays <= 30 ? insuranceDate(car.insuranceInDays) : null,
              createdAt: ago((joined.get(car.owner)! - 0.5) * DAY),
            })),
            select: { id: true },
          })
        ).sort((a, b) => a.id - b.id);
        const carId = new Map(CARS.map((car, index) => [car.key, carRows[index].id]));
        const cid = (key: string) => {
          const id = carId.get(key);
          if (id === undefined) throw new Error(`Unknown car ${key}`);
          return id;
        };

        // ------------------------------------------------ posts and their media
        const postRng = rng.fork("posts");
        const postDates = POSTS.map((post) => {
          const offset = post.days * DAY + postRng.int(0, 10) * HOUR + postRng.int(0, 59) * MINUTE;
          return ago(Math.max(offset, 25 * MINUTE));
        });
        const postRows = (
          await tx.post.createManyAndReturn({
            data: POSTS.map((post, index) => ({
              createdById: uid(post.author),
              story: post.story,
              layout: post.layout,
              soundcloudUrl: post.soundcloud ?? null,
              carId: post.cars.length ? cid(post.cars[0]) : null,
              createdAt: postDates[index],
            })),
            select: { id: true },
          })
        ).sort((a, b) => a.id - b.id);
        const postId = new Map(POSTS.map((post, index) => [post.key, postRows[index].id]));
        const postIndex = new Map(POSTS.map((post, index) => [post.key, index]));
        await tx.postCar.createMany({
          data: POSTS.flatMap((post, index) => post.cars.map((car, position) => ({ postId: postRows[index].id, carId: cid(car), position }))),
        });
        const mediaRows = prepared.flatMap(({ post, media }, index) =>
          media.map((item, position) => ({
            postId: postRows[index].id,
            uploaderId: uid(post.author),
            position,
            ...mediaColumns(item),
            createdAt: postDates[index],
          })),
        );
        await tx.media.createMany({ data: mediaRows });

        const usernames = USERS.map((user) => user.username);
        const after = (date: Date, minMinutes: number, maxMinutes: number) =>
          new Date(Math.min(date.getTime() + postRng.int(minMinutes, maxMinutes) * MINUTE, now.getTime() - MINUTE));

        // ------------------------------------------------ comments and replies
        const commentRng = rng.fork("comments");
        type Draft = { postIndex: number; author: string; content: string; createdAt: Date; replies: Array<{ author: string; content: string }> };
        const drafts: Draft[] = [];
        POSTS.forEach((post, index) => {
          const thread = THREADS[post.key];
          if (thread) {
            thread.forEach(([author, content, replies]) => {
              drafts.push({
                postIndex: index,
                author,
                content,
                createdAt: after(postDates[index], 5, 600),
                replies: (replies ?? []).map(([replyAuthor, text]) => ({ author: replyAuthor, content: text })),
              });
            });
            return;
          }
          const count = commentRng.int(0, 4);
          const pairs = commentRng.sample(COMMENT_PAIRS, count);
          const commenters = commentRng.sample(
            usernames.filter((name) => name !== post.author),
            count,
          );
          pairs.forEach(([content, reply], i) => {
            const replies = reply && commentRng.chance(0.75) ? [{ author: post.author, content: reply }] : [];
            drafts.push({ postIndex: index, author: commenters[i], content, createdAt: after(postDates[index], 5, 1800), replies });
          });
        });
        const topRows = (
          await tx.comment.createManyAndReturn({
            data: drafts.map((draft) => ({ postId: postRows[draft.postIndex].id, userId: uid(draft.author), content: draft.content, createdAt: draft.createdAt })),
            select: { id: true },
          })
        ).sort((a, b) => a.id - b.id);
        const replyData = drafts.flatMap((draft, index) =>
          draft.replies.map((reply, i) => ({
            postId: postRows[draft.postIndex].id,
            userId: uid(reply.author),
            parentId: topRows[index].id,
            content: reply.content,
            createdAt: new Date(Math.min(draft.createdAt.getTime() + (i + 1) * commentRng.int(10, 240) * MINUTE, now.getTime() - MINUTE)),
          })),
        );
        await tx.comment.createMany({ data: replyData });
        const allComments = await tx.comment.findMany({ select: { id: true, userId: true, createdAt: true } });
        const commentLikes = allComments.flatMap((comment) =>
          commentRng
            .sample(
              usernames.filter((name) => uid(name) !== comment.userId),
              commentRng.int(0, 4),
            )
            .map((name) => ({ commentId: comment.id, userId: uid(name), createdAt: new Date(Math.min(comment.createdAt.getTime() + 30 * MINUTE, now.getTime())) })),
        );
        await tx.commentLike.createMany({ data: commentLikes });

        // ------------------------------------------------ likes, dislikes, saves, shares
        const likeRng = rng.fork("likes");
        const likes = POSTS.flatMap((post, index) =>
          likeRng
            .sample(
              usernames.filter((name) => name !== post.author && joined.get(name)! * DAY > now.getTime() - postDates[index].getTime()),
              likeRng.int(2, 9),
            )
            .map((name) => ({
              userId: uid(name),
              postId: postRows[index].id,
              type: likeRng.chance(0.86) ? "like" : "dislike",
              createdAt: after(postDates[index], 1, 2000),
            })),
        );
        await tx.postLike.createMany({ data: likes });
        const saves = usernames.flatMap((name) =>
          likeRng
            .sample(
              POSTS.map((_, index) => index).filter((index) => POSTS[index].author !== name),
              likeRng.int(2, 6),
            )
            .map((index) => ({ userId: uid(name), postId: postRows[index].id, createdAt: after(postDates[index], 30, 3000) })),
        );
        await tx.save.createMany({ data: saves });
        const shares = likeRng
          .sample(
            POSTS.map((_, index) => index),
            15,
          )
          .flatMap((index) =>
            Array.from({ length: likeRng.int(1, 3) }, () => ({
              postId: postRows[index].id,
              userId: likeRng.chance(0.8) ? uid(likeRng.pick(usernames)) : null,
              channel: likeRng.pick(["link", "link", "embed", "native"]),
              createdAt: after(postDates[index], 10, 3000),
            })),
          );
        await tx.share.createMany({ data: shares });

        // ------------------------------------------------ follows and their notifications
        const followRng = rng.fork("follows");
        const userFollows = new Map<string, Date>();
        for (const [follower, following] of USER_FOLLOWS) {
          userFollows.set(`${follower}>${following}`, ago(followRng.int(2, 60) * HOUR));
        }
        for (const follower of usernames) {
          for (const following of followRng.sample(
            usernames.filter((name) => name !== follower),
            followRng.int(2, 5),
          )) {
            const key = `${follower}>${following}`;
            const since = Math.min(joined.get(follower)!, joined.get(following)!);
            if (!userFollows.has(key)) userFollows.set(key, ago(followRng.float(3, since) * DAY));
          }
        }
        const carFollows = new Map<string, Date>();
        for (const [follower, car] of CAR_FOLLOWS) carFollows.set(`${follower}>${car}`, ago(followRng.int(3, 70) * HOUR));
        for (const follower of usernames) {
          const others = CARS.filter((car) => car.owner !== follower);
          for (const car of followRng.sample(others, followRng.int(1, 4))) {
            const key = `${follower}>${car.key}`;
            if (!carFollows.has(key)) carFollows.set(key, ago(followRng.float(3, Math.min(joined.get(follower)!, joined.get(car.owner)!)) * DAY));
          }
        }
        const userFollowRows = [...userFollows].map(([key, createdAt]) => {
          const [follower, following] = key.split(">");
          return { followerId: uid(follower), followingId: uid(following), createdAt, follower, following };
        });
        await tx.userFollow.createMany({ data: userFollowRows.map(({ followerId, followingId, createdAt }) => ({ followerId, followingId, createdAt })) });
        const carFollowRows = [...carFollows].map(([key, createdAt]) => {
          const [follower, car] = key.split(">");
          return { userId: uid(follower), carId: cid(car), createdAt, follower, car: CARS.find((candidate) => candidate.key === car)! };
        });
        await tx.carFollow.createMany({ data: carFollowRows.map(({ userId, carId, createdAt }) => ({ userId, carId, createdAt })) });
        // Posts and follows are written in bulk here: the Following timelines follow from them.
        await rebuildTimelines(tx);

        // The wording and the reminder key are the notification model's own.
        const readIfOlderThan = (createdAt: Date) => (now.getTime() - createdAt.getTime() > 5 * DAY ? new Date(createdAt.getTime() + 6 * HOUR) : null);
        const notifications = [
          ...userFollowRows.map((row) => ({
            userId: row.followingId,
            type: "user_follow",
            message: userFollowMessage(row.follower),
            relatedUserId: row.followerId as number | null,
            carId: null as number | null,
            dedupeKey: null as string | null,
            createdAt: row.createdAt,
            readAt: readIfOlderThan(row.createdAt),
          })),
          ...carFollowRows.map((row) => ({
            userId: uid(row.car.owner),
            type: "car_follow",
            message: carFollowMessage(row.follower, row.car),
            relatedUserId: row.userId,
            carId: row.carId,
            dedupeKey: null,
            createdAt: row.createdAt,
            readAt: readIfOlderThan(row.createdAt),
          })),
          // Reminders already sent: one due soon (unread) and one for a policy that has lapsed.
          ...CARS.filter((car) => car.insuranceInDays !== undefined && car.insuranceInDays <= 30).map((car) => {
            const expires = insuranceDate(car.insuranceInDays!);
            const sent = ago(Math.max(0.2, 30 - car.insuranceInDays! - 2) * DAY);
            return {
              userId: uid(car.owner),
              type: "insurance_expiration",
              message: insuranceMessage(car, expires),
              relatedUserId: null,
              carId: cid(car.key),
              dedupeKey: `insurance:${cid(car.key)}:${dayStamp(expires)}`,
              createdAt: sent,
              readAt: car.insuranceInDays! >= 0 ? null : new Date(sent.getTime() + DAY),
            };
          }),
        ];
        await tx.notification.createMany({ data: notifications });

        // ------------------------------------------------ messages
        await tx.message.createMany({
          data: MESSAGES.map(([from, to, content, minutesAgo, read]) => {
            const createdAt = ago(minutesAgo * MINUTE);
            return { senderId: uid(from), recipientId: uid(to), content, createdAt, readAt: read ? new Date(createdAt.getTime() + 4 * MINUTE) : null };
          }),
        });

        // ------------------------------------------------ mods, builds, gains
        // Shared names by their normalised key: "hks" and "HKS" are one maker, spelt as first written.
        const names = (pick: (mod: (typeof MODS)[number]) => string | undefined) => {
          const byKey = new Map<string, string>();
          for (const name of MODS.map(pick)) if (name && !byKey.has(nameKey(name))) byKey.set(nameKey(name), cleanName(name));
          return [...byKey].map(([key, name]) => ({ key, name }));
        };
        const manufacturerRows = await tx.manufacturer.createManyAndReturn({ data: names((mod) => mod.manufacturer) });
        const vendorRows = await tx.vendor.createManyAndReturn({ data: names((mod) => mod.vendor) });
        const installerRows = await tx.installer.createManyAndReturn({ data: names((mod) => mod.installer) });
        const byKey = (rows: Array<{ id: number; key: string | null }>) => {
          const ids = new Map(rows.map((row) => [row.key, row.id]));
          return { get: (name: string) => ids.get(nameKey(name)) };
        };
        const manufacturers = byKey(manufacturerRows);
        const vendors = byKey(vendorRows);
        const installers = byKey(installerRows);
        // Parts: one per manufacturer, model name and category (by key), shared by the mods that fit it.
        const partKey = (mod: (typeof MODS)[number]) => `${manufacturers.get(mod.manufacturer!)}|${nameKey(mod.name)}|${nameKey(mod.category)}`;
        const partSeeds = new Map<string, (typeof MODS)[number]>();
        for (const mod of MODS) if (mod.manufacturer && !partSeeds.has(partKey(mod))) partSeeds.set(partKey(mod), mod);
        const partRows = await tx.part.createManyAndReturn({
          data: [...partSeeds.values()].map((mod) => ({
            manufacturerId: manufacturers.get(mod.manufacturer!)!,
            modelName: cleanName(mod.name),
            modelKey: nameKey(mod.name),
            category: cleanName(mod.category),
            categoryKey: nameKey(mod.category),
          })),
          select: { id: true, manufacturerId: true, modelKey: true, categoryKey: true },
        });
        const partIds = new Map(partRows.map((row) => [`${row.manufacturerId}|${row.modelKey}|${row.categoryKey}`, row.id]));
        const buildKeys = [...new Set(MODS.filter((mod) => mod.build).map((mod) => `${mod.car}|${mod.build}`))];
        const buildRows = await tx.build.createManyAndReturn({
          data: buildKeys.map((key) => {
            const [car, name] = key.split("|");
            return { carId: cid(car), name, createdAt: ago(followRng.int(20, 45) * DAY) };
          }),
          select: { id: true, carId: true, name: true },
        });
        const buildId = new Map(buildRows.map((row) => [`${row.carId}|${row.name}`, row.id]));
        const modRows = (
          await tx.mod.createManyAndReturn({
            data: MODS.map((mod) => ({
              carId: cid(mod.car),
              category: mod.category,
              modelName: mod.name,
              description: mod.description ?? null,
              manufacturerId: mod.manufacturer ? manufacturers.get(mod.manufacturer)! : null,
              partId: mod.manufacturer ? partIds.get(partKey(mod))! : null,
              vendorId: mod.vendor ? vendors.get(mod.vendor)! : null,
              installerId: mod.installer ? installers.get(mod.installer)! : null,
              postId: mod.post ? postId.get(mod.post)! : null,
              type: mod.type ?? "part",
              costCents: mod.cost === undefined ? null : Math.round(mod.cost * 100),
              showCost: mod.showCost ?? false,
              buildId: mod.build ? buildId.get(`${cid(mod.car)}|${mod.build}`)! : null,
              createdAt: mod.post ? postDates[postIndex.get(mod.post)!] : ago(followRng.int(10, 50) * DAY),
            })),
            select: { id: true },
          })
        ).sort((a, b) => a.id - b.id);
        await tx.performanceGain.createMany({
          data: MODS.flatMap((mod, index) => (mod.gains ?? []).map(([type, amount, unit]) => ({ modId: modRows[index].id, type, amount, unit }))),
        });
        // The posts that show each mod (its linked post and any others).
        await tx.postMod.createMany({
          data: MODS.flatMap((mod, index) =>
            [...new Set([mod.post, ...(mod.posts ?? [])])].flatMap((key) => (key ? [{ postId: postId.get(key)!, modId: modRows[index].id }] : [])),
          ),
        });

        // ------------------------------------------------ events
        const eventRows = (
          await tx.event.createManyAndReturn({
            data: EVENTS.map((event) => {
              const date = new Date(now.getTime() + event.inDays * DAY);
              date.setUTCHours(event.hour, 0, 0, 0);
              return {
                name: event.name,
                dateTime: date,
                location: event.location,
                description: event.description,
                createdById: uid(event.createdBy),
                createdAt: ago(Math.max(-event.inDays + 10, 12) * DAY),
              };
            }),
            select: { id: true },
          })
        ).sort((a, b) => a.id - b.id);
        const attendees = EVENTS.flatMap((event, index) =>
          event.attendees.map(([user, car]) => ({ eventId: eventRows[index].id, userId: uid(user), carId: car ? cid(car) : null })),
        );
        await tx.eventAttendee.createMany({ data: attendees });

        return {
          users: userRows.length,
          cars: carRows.length,
          posts: postRows.length,
          media: mediaRows.length,
          videos: mediaRows.filter((row) => row.kind === "video").length,
          comments: drafts.length,
          replies: replyData.length,
          commentLikes: commentLikes.length,
          likes: likes.filter((like) => like.type === "like").length,
          dislikes: likes.filter((like) => like.type === "dislike").length,
          saves: saves.length,
          shares: shares.length,
          userFollows: userFollowRows.length,
          carFollows: carFollowRows.length,
          mods: modRows.length,
          events: eventRows.length,
          attendees: attendees.length,
          notifications: notifications.length,
          messages: MESSAGES.length,
        };
      },
      { timeout: 120_000, maxWait: 20_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    log(
      `Seeded the demo in ${seconds.toFixed(1)} s: ${summary.users} users, ${summary.cars} cars, ${summary.posts} posts (${summary.media} photos and videos), ${summary.comments + summary.replies} comments, ${summary.mods} mods, ${summary.events} events, ${summary.notifications} notifications, ${summary.messages} messages.`,
    );
    return { ...summary, seconds };
  } catch (error) {
    await Promise.all(stored.map((item) => discardMedia(item)));
    throw error;
  }
}
