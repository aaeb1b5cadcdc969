// What a member's data download holds: data.json (profile, cars and mods, posts, comments,
// messages, follows, likes, saves, events, notification choices) and their stored files.
import { prisma } from "~/db.server";
import { SITE_NAME } from "~/lib/rules/brand";
import { isValidKey, statMedia } from "~/lib/media/media-storage.server";
import { extensionOf, MEDIA_URL_PREFIX } from "~/lib/media/media-types";
import { getPushPreferences } from "~/models/push.server";
import { carNameOf, carNameSelect } from "~/models/car.server";

/** One stored file in the zip. */
export type FileEntry = { name: string; key: string; size: number };

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
          ...carNameSelect,
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
  /** Puts the stored file in the zip as `nameFor(its extension)`, remembered in `names` under `id`. */
  const include = (names: Map<number, string>, id: number, stored: string | null, nameFor: (extension: string) => string) => {
    const key = keyOf(stored);
    if (!key) return;
    const name = nameFor(extensionOf(key));
    names.set(id, name);
    wanted.push({ name, key });
  };
  const carPhotos = new Map<number, string>();
  for (const car of cars) include(carPhotos, car.id, car.coverPath, (extension) => `cars/car-${car.id}/photo.${extension}`);
  const eventCovers = new Map<number, string>();
  for (const event of events) include(eventCovers, event.id, event.coverPath, (extension) => `events/event-${event.id}/cover.${extension}`);
  const mediaFiles = new Map<number, string>();
  for (const post of posts) {
    post.media.forEach((medium, index) =>
      include(mediaFiles, medium.id, medium.path, (extension) => `posts/${day(post.createdAt)}-post-${post.id}/${index + 1}.${extension}`),
    );
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
      ...carNameOf(car),
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
