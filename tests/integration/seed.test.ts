import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resolveKey } from "~/lib/media/media-storage.server";
import { isVideoUrl, mediaUrl, parseVariants, variantPath } from "~/lib/media/media-types";
import { verifyLogin } from "~/models/user.server";
import { getBuildTimeline } from "~/models/post-mods.server";
import { seedDemo, type SeedSummary } from "../../prisma/seed/demo";

const DAY = 24 * 60 * 60 * 1000;
const root = path.resolve(__dirname, "../..");
const now = new Date();
let summary: SeedSummary | null = null;

describe("the demo seed", () => {
  it("fills an empty database with the promised demo", { timeout: 600_000 }, async () => {
    summary = await seedDemo(prisma, { now });
    expect(summary).not.toBeNull();

    // People: 8+ users, one administrator, the two documented logins, profiles and pictures.
    const users = await prisma.user.findMany({ include: { profile: true } });
    expect(users.length).toBeGreaterThanOrEqual(8);
    expect(users.filter((user) => user.role === "admin").map((user) => user.username)).toEqual(["admin"]);
    expect(users.every((user) => user.profile)).toBe(true);
    expect(users.filter((user) => user.profileImage).length).toBeGreaterThanOrEqual(8);
    await expect(verifyLogin("demo@example.com", "password123")).resolves.toMatchObject({ username: "demo" });
    await expect(verifyLogin("ADMIN", "password123")).resolves.toMatchObject({ role: "admin", email: "admin@example.com" });
    await expect(verifyLogin("jdm_jess", "password123")).resolves.toMatchObject({ username: "jdm_jess" });
    for (const user of users.filter((candidate) => candidate.profileImage)) {
      const key = user.profileImage!.replace(/^\/media\//, "");
      expect(existsSync(resolveKey(key)!)).toBe(true);
      expect(existsSync(resolveKey(variantPath(key, 64))!)).toBe(true);
    }

    // Cars: 15+, varied makes, nicknames on some, insurance with one expiry within 30 days.
    const cars = await prisma.car.findMany();
    expect(cars.length).toBeGreaterThanOrEqual(15);
    expect(new Set(cars.map((car) => car.make)).size).toBeGreaterThanOrEqual(12);
    expect(cars.some((car) => car.nickname) && cars.some((car) => !car.nickname)).toBe(true);
    expect(cars.every((car) => car.trim && car.bodystyle)).toBe(true);
    const soon = cars.filter((car) => car.insuranceExpiresAt && car.insuranceExpiresAt > now && car.insuranceExpiresAt.getTime() - now.getTime() < 30 * DAY);
    expect(soon).toHaveLength(1);

    // Posts: 40+, 1-8 photos, a few videos with posters, SoundCloud links, text-only ones,
    // every layout including unset, linked to 1-2 cars, spread over the last 60 days.
    const posts = await prisma.post.findMany({ include: { media: true, postCars: true } });
    expect(posts.length).toBeGreaterThanOrEqual(40);
    for (const post of posts) {
      expect(post.postCars.length).toBeGreaterThanOrEqual(1);
      expect(post.postCars.length).toBeLessThanOrEqual(2);
      expect(post.carId).toBe(post.postCars.find((link) => link.position === 0)!.carId);
      expect(post.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(post.createdAt.getTime()).toBeGreaterThan(now.getTime() - 60 * DAY);
      expect(post.media.filter((item) => item.kind === "image").length).toBeLessThanOrEqual(8);
    }
    const withPhotos = posts.filter((post) => post.media.some((item) => item.kind === "image"));
    expect(withPhotos.length).toBeGreaterThanOrEqual(38);
    expect(posts.filter((post) => post.media.length === 0).length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...posts.map((post) => post.media.length))).toBeGreaterThan(6);
    const videos = posts.flatMap((post) => post.media.filter((item) => item.kind === "video"));
    expect(videos.length).toBeGreaterThanOrEqual(2);
    expect(videos.length).toBeLessThanOrEqual(3);
    for (const video of videos) {
      expect(isVideoUrl(mediaUrl(video.path))).toBe(true);
      expect(video.mimeType).toBe("video/mp4");
      expect(video.posterPath).toBeTruthy();
      expect(existsSync(resolveKey(video.posterPath!)!)).toBe(true);
    }
    const tracks = posts.filter((post) => post.soundcloudUrl);
    expect(tracks.length).toBeGreaterThanOrEqual(3);
    for (const post of tracks) expect(post.soundcloudUrl).toMatch(/^https:\/\/soundcloud\.com\/[\w-]+\/[\w-]+$/);
    const layouts = new Set(posts.map((post) => post.layout));
    for (const layout of ["album", "grid", "carousel", "single", null]) expect(layouts.has(layout)).toBe(true);
    const days = new Set(posts.map((post) => Math.floor((now.getTime() - post.createdAt.getTime()) / DAY)));
    expect(days.size).toBeGreaterThanOrEqual(25);

    // Every image went through the pipeline: WebP with resized copies on disk.
    const images = posts.flatMap((post) => post.media.filter((item) => item.kind === "image"));
    expect(images.length).toBe(summary!.media - summary!.videos);
    for (const image of images) {
      expect(image.mimeType).toBe("image/webp");
      expect(image.width && image.height).toBeTruthy();
      expect(parseVariants(image.variants).length).toBeGreaterThanOrEqual(2);
      expect(existsSync(resolveKey(image.path)!)).toBe(true);
      for (const width of parseVariants(image.variants)) expect(existsSync(resolveKey(variantPath(image.path, width))!)).toBe(true);
    }
    expect(images.some((image) => image.height! > image.width!) && images.some((image) => image.width! > image.height!)).toBe(true);

    // Conversations around the posts.
    const replies = await prisma.comment.count({ where: { parentId: { not: null } } });
    expect(replies).toBeGreaterThanOrEqual(10);
    const nested = await prisma.comment.count({ where: { parent: { parentId: { not: null } } } });
    expect(nested).toBe(0);
    expect(await prisma.commentLike.count()).toBeGreaterThan(20);
    expect(await prisma.postLike.count({ where: { type: "like" } })).toBeGreaterThan(100);
    expect(await prisma.postLike.count({ where: { type: "dislike" } })).toBeGreaterThan(5);
    expect(await prisma.save.count()).toBeGreaterThan(10);
    expect(await prisma.share.count()).toBeGreaterThan(10);
    expect(await prisma.carFollow.count()).toBeGreaterThan(15);
    expect(await prisma.userFollow.count()).toBeGreaterThan(15);

    // Mods with their companies, builds, hidden and shown costs, and gains.
    const mods = await prisma.mod.findMany({ include: { gains: true } });
    expect(mods.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mods.map((mod) => mod.carId)).size).toBe(cars.length);
    expect(mods.some((mod) => mod.showCost) && mods.some((mod) => !mod.showCost && mod.costCents)).toBe(true);
    expect(mods.filter((mod) => mod.gains.length).length).toBeGreaterThan(10);
    expect(mods.some((mod) => mod.postId) && mods.some((mod) => mod.buildId)).toBe(true);
    expect(new Set(mods.map((mod) => mod.type))).toEqual(new Set(["part", "labor", "build"]));
    // Posts tag the mods they show: each a mod of one of the post's cars, tagged by its owner;
    // the demo member's roadster has a build timeline with a mod shown in more than one post.
    const tags = await prisma.postMod.findMany({
      include: { mod: { select: { carId: true, car: { select: { ownerId: true } } } }, post: { select: { createdById: true, postCars: { select: { carId: true } } } } },
    });
    expect(tags.length).toBeGreaterThan(10);
    for (const tag of tags) {
      expect(tag.post.postCars.map((postCar) => postCar.carId)).toContain(tag.mod.carId);
      expect(tag.post.createdById).toBe(tag.mod.car.ownerId);
    }
    const ruby = await prisma.car.findFirstOrThrow({ where: { nickname: "Ruby" }, select: { id: true } });
    const timeline = await getBuildTimeline(ruby.id);
    expect(timeline.length).toBeGreaterThanOrEqual(2);
    expect(timeline.some((entry) => entry.postCount >= 2 && entry.posts.some((post) => post.thumbnail !== null))).toBe(true);
    expect(await prisma.manufacturer.count()).toBeGreaterThan(10);
    expect(await prisma.vendor.count()).toBeGreaterThan(3);
    expect(await prisma.installer.count()).toBeGreaterThan(3);
    expect(await prisma.build.count()).toBeGreaterThan(3);

    // Events past and upcoming, with places, descriptions and attendees bringing cars.
    const events = await prisma.event.findMany({ include: { attendees: true } });
    expect(events.some((event) => event.dateTime < now) && events.some((event) => event.dateTime > now)).toBe(true);
    expect(events.every((event) => event.location && event.description && event.attendees.length > 0)).toBe(true);
    expect(events.some((event) => event.attendees.some((attendee) => attendee.carId))).toBe(true);

    // Notifications of the three kinds, with the related user; unread ones for the demo login.
    const demo = users.find((user) => user.username === "demo")!;
    const notifications = await prisma.notification.findMany();
    expect(new Set(notifications.map((item) => item.type))).toEqual(new Set(["user_follow", "car_follow", "insurance_expiration"]));
    expect(notifications.filter((item) => item.type !== "insurance_expiration").every((item) => item.relatedUserId)).toBe(true);
    const demoNotifications = notifications.filter((item) => item.userId === demo.id);
    expect(new Set(demoNotifications.map((item) => item.type)).size).toBe(3);
    expect(demoNotifications.some((item) => !item.readAt)).toBe(true);

    // Message conversations, some unread for the demo login.
    const messages = await prisma.message.findMany();
    const partners = new Set(
      messages.filter((item) => item.recipientId === demo.id || item.senderId === demo.id).map((item) => (item.senderId === demo.id ? item.recipientId : item.senderId)),
    );
    expect(partners.size).toBeGreaterThanOrEqual(3);
    expect(messages.filter((item) => item.recipientId === demo.id && !item.readAt).length).toBeGreaterThanOrEqual(2);
  });

  it("--if-empty leaves a seeded database alone", { timeout: 120_000 }, async () => {
    expect(summary).not.toBeNull();
    const before = await Promise.all([prisma.user.count(), prisma.post.count(), prisma.media.count()]);
    await expect(seedDemo(prisma, { ifEmpty: true })).resolves.toBeNull();
    await expect(seedDemo(prisma)).rejects.toThrow(/already has users/);

    const cli = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["prisma/seed.ts", "--if-empty"], { cwd: root, env: process.env, encoding: "utf8" });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain("skipped");
    expect(await Promise.all([prisma.user.count(), prisma.post.count(), prisma.media.count()])).toEqual(before);
  });

  it("--reset replaces everything, stored files included", { timeout: 600_000 }, async () => {
    const oldMedia = await prisma.media.findMany({ select: { path: true } });
    const again = await seedDemo(prisma, { reset: true, now });
    expect(again).toMatchObject({ users: summary!.users, posts: summary!.posts, media: summary!.media });
    expect(await prisma.user.count()).toBe(summary!.users);
    expect(oldMedia.some((item) => existsSync(resolveKey(item.path)!))).toBe(false);
  });
});
