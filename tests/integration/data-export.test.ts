// "Download my data": a member asks through the real page action, the job queue runs in this
// process, and the zip the download route hands out is opened and read back against what
// the member put in. Also: the link is the member's alone and ends after a week, a second
// request answers the one being made, the member is told (notice, push, e-mail), and a large
// library goes into the zip without the process holding it in memory.
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import webpush from "web-push";
import yauzl from "yauzl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { outboxDir } from "~/lib/server/mailer.server";
import { mediaDir, openPrivateFile, putMedia } from "~/lib/media/media-storage.server";
import { DATA_EXPORT_EXPIRE_JOB, DATA_EXPORT_JOB } from "~/models/data-export-requests.server";
import { runDataExport, runDataExportExpiry } from "~/models/data-export-jobs.server";
import { runDueJobs } from "~/models/job-worker.server";
import { getNotificationFeed } from "~/models/notification.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { loader as downloadLoader } from "~/routes/profile_.export.$id.download";
import { action as exportAction, loader as exportLoader } from "~/routes/profile_.export";
import { makeUser, type TestUser } from "../support/accounts";
import { mailsIn, waitForMails, decodeMail } from "../support/mail";
import { call, formRequest, getRequest, jsonRequest, rawRequest } from "../support/requests";

const scratch = mkdtempSync(path.join(os.tmpdir(), "data-export-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(() => {
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  process.env.VAPID_SUBJECT = "mailto:export-test@example.com";
});

// ------------------------------------------------------------------ reading a zip

type ZipEntry = { name: string; size: number; read: () => Promise<Buffer> };

function openZip(file: string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.push({
          name: entry.fileName,
          size: entry.uncompressedSize,
          read: () =>
            new Promise<Buffer>((done, fail) =>
              zip.openReadStream(entry, (streamError, stream) => {
                if (streamError || !stream) return fail(streamError);
                const chunks: Buffer[] = [];
                stream.on("data", (chunk: Buffer) => chunks.push(chunk));
                stream.on("end", () => done(Buffer.concat(chunks)));
                stream.on("error", fail);
              }),
            ),
        });
        zip.readEntry();
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Saves a download answer's body to a file (as a browser would), streaming. */
async function saveBody(response: Response, name: string): Promise<string> {
  const file = path.join(scratch, name);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return file;
}

async function startExport(member: TestUser) {
  await resetRateLimits();
  return call(exportAction, jsonRequest("/profile/export", { intent: "start" }, { cookie: member.cookie }));
}

function download(member: TestUser | null, id: number, accept = "text/html") {
  return call(downloadLoader, rawRequest(`/profile/export/${id}/download`, { cookie: member?.cookie, headers: { Accept: accept } }), { id: String(id) });
}

// ------------------------------------------------------------------ a member with a bit of everything

const photo = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 first photo bytes");
const video = Buffer.from("\u0000\u0000\u0000\u0018ftypmp42 a short clip");

async function memberWithData() {
  const member = await makeUser("exporter");
  const friend = await makeUser("friend");
  await prisma.profile.update({ where: { id: member.id }, data: { bio: "Track days and coffee" } });
  const car = await prisma.car.create({ data: { ownerId: member.id, make: "Nissan", model: "Skyline", year: 1999, nickname: "Godzilla" } });
  await prisma.mod.create({
    data: {
      carId: car.id,
      category: "Turbo",
      modelName: "GT III-RS",
      costCents: 250_000,
      showCost: false,
      gains: { create: [{ type: "horsepower", amount: 120, unit: "hp" }] },
    },
  });
  await prisma.mod.create({ data: { carId: car.id, category: "Wheels", modelName: "TE37", costCents: 180_050, showCost: true } });
  const post = await prisma.post.create({ data: { createdById: member.id, story: "First drive #skyline #r34", createdAt: new Date("2026-11-20T10:00:00Z") } });
  await prisma.postCar.create({ data: { postId: post.id, carId: car.id } });
  const first = await putMedia("aa/bb/aabb00000000000000000000000001.webp", photo);
  const second = await putMedia("aa/bb/aabb00000000000000000000000002.mp4", video);
  await prisma.media.createMany({
    data: [
      { postId: post.id, uploaderId: member.id, position: 0, kind: "image", path: first.url, mimeType: "image/webp", bytes: photo.length, alt: "The car at dawn" },
      { postId: post.id, uploaderId: member.id, position: 1, kind: "video", path: second.url, mimeType: "video/mp4", bytes: video.length },
    ],
  });
  for (const name of ["skyline", "r34"]) {
    const tag = await prisma.tag.upsert({ where: { name }, create: { name }, update: {} });
    await prisma.postTag.create({ data: { postId: post.id, tagId: tag.id } });
  }
  const friendsPost = await prisma.post.create({ data: { createdById: friend.id, story: "Friend's build" } });
  await prisma.comment.create({ data: { postId: friendsPost.id, userId: member.id, content: "Looks mint" } });
  await prisma.message.create({ data: { senderId: member.id, recipientId: friend.id, content: "Meet at the track?" } });
  await prisma.message.create({ data: { senderId: friend.id, recipientId: member.id, content: "Saturday 9am" } });
  await prisma.userFollow.create({ data: { followerId: member.id, followingId: friend.id } });
  await prisma.userFollow.create({ data: { followerId: friend.id, followingId: member.id } });
  await prisma.postLike.create({ data: { userId: member.id, postId: friendsPost.id, type: "like" } });
  await prisma.save.create({ data: { userId: member.id, postId: friendsPost.id } });
  const event = await prisma.event.create({ data: { name: "Cars and Coffee", dateTime: new Date("2026-12-05T09:00:00Z"), location: "Harbour car park" } });
  await prisma.eventAttendee.create({ data: { eventId: event.id, userId: member.id, carId: car.id } });
  await prisma.pushPreference.create({ data: { userId: member.id, likes: true, messages: false } });
  return { member, friend, car, post, event };
}

describe("Download my data", () => {
  let setup: Awaited<ReturnType<typeof memberWithData>>;
  let exportId = 0;

  beforeAll(async () => {
    setup = await memberWithData();
  });

  it("starts one download, and a second request while it is made answers the same one", async () => {
    const first = await startExport(setup.member);
    expect(first.status).toBe(202);
    const started = await first.json();
    expect(started).toMatchObject({ started: true, export: { status: "pending", url: null } });
    exportId = started.export.id;

    const second = await startExport(setup.member);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ started: false, export: { id: exportId, status: "pending" } });
    expect(await prisma.job.count({ where: { kind: DATA_EXPORT_JOB } })).toBe(1);

    // A plain form comes back to the page, which says it is being prepared.
    const form = await call(exportAction, formRequest("/profile/export", { intent: "start", redirectTo: "/profile/export" }, { cookie: setup.member.cookie }));
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/profile/export");
    const page = await call<{ latest: { id: number; status: string } }>(exportLoader, getRequest("/profile/export", { cookie: setup.member.cookie }));
    expect(page.latest).toMatchObject({ id: exportId, status: "pending" });
  });

  it("refuses an unknown action with a 400", async () => {
    await resetRateLimits();
    const answer = await call(exportAction, jsonRequest("/profile/export", { intent: "everything" }, { cookie: setup.member.cookie }));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "Unknown action", status: 400 });
  });

  it("makes the zip in the background and tells the member by notice, push and e-mail", async () => {
    expect(await runDueJobs({ kinds: [DATA_EXPORT_JOB] })).toBe(1);
    const page = await call<{ latest: { id: number; status: string; url: string } }>(exportLoader, getRequest("/profile/export", { cookie: setup.member.cookie }));
    expect(page.latest).toMatchObject({ id: exportId, status: "ready", url: `/profile/export/${exportId}/download` });

    const feed = await getNotificationFeed(setup.member.id);
    expect(feed.notifications[0]).toMatchObject({ type: "data_export", message: "Your data download is ready", link: "/profile/export", is_read: false });

    const pushes = await prisma.job.findMany({ where: { kind: "push" } });
    expect(pushes.map((job) => JSON.parse(job.payload))).toContainEqual(
      expect.objectContaining({ userId: setup.member.id, kind: "download", title: "Your data download is ready", url: "/profile/export" }),
    );

    const [mail] = await waitForMails(outboxDir(), { to: "exporter@example.com" });
    expect(mail).toMatch(/^Subject: Your data download is ready$/m);
    expect(decodeMail(mail)).toContain("http://127.0.0.1:3000/profile/export");

    // A second run of the job (a retry after a crash) tells nobody twice.
    await runDueJobs({ kinds: [DATA_EXPORT_JOB] });
    expect((await getNotificationFeed(setup.member.id)).notifications.filter((notice) => notice.type === "data_export")).toHaveLength(1);
    expect(mailsIn(outboxDir(), { to: "exporter@example.com" })).toHaveLength(1);
  });

  it("hands the member a zip of their data and their files, named by post", async () => {
    const answer = await download(setup.member, exportId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/zip");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.zip"$/);
    const entries = await openZip(await saveBody(answer, "member.zip"));
    const folder = `posts/2026-11-20-post-${setup.post.id}`;
    expect(entries.map((entry) => entry.name).sort()).toEqual(["data.json", `${folder}/1.webp`, `${folder}/2.mp4`]);
    expect(await entries.find((entry) => entry.name === `${folder}/1.webp`)!.read()).toEqual(photo);
    expect(await entries.find((entry) => entry.name === `${folder}/2.mp4`)!.read()).toEqual(video);

    const data = JSON.parse((await entries.find((entry) => entry.name === "data.json")!.read()).toString("utf8"));
    expect(data.profile).toMatchObject({ username: "exporter", email: "exporter@example.com", bio: "Track days and coffee" });
    expect(data.notificationSettings.push).toMatchObject({ likes: true, messages: false, comments: true });
    expect(data.cars).toHaveLength(1);
    expect(data.cars[0]).toMatchObject({ id: setup.car.id, make: "Nissan", model: "Skyline", nickname: "Godzilla" });
    // The member's own data: hidden costs too.
    expect(data.cars[0].mods).toEqual([
      expect.objectContaining({ model: "GT III-RS", cost: 2500, costShownToOthers: false, gains: [{ type: "horsepower", amount: 120, unit: "hp" }] }),
      expect.objectContaining({ model: "TE37", cost: 1800.5, costShownToOthers: true }),
    ]);
    expect(data.posts).toEqual([
      expect.objectContaining({
        id: setup.post.id,
        story: "First drive #skyline #r34",
        tags: ["r34", "skyline"],
        carIds: [setup.car.id],
        media: [
          expect.objectContaining({ file: `${folder}/1.webp`, kind: "image", description: "The car at dawn" }),
          expect.objectContaining({ file: `${folder}/2.mp4`, kind: "video" }),
        ],
      }),
    ]);
    expect(data.comments).toEqual([expect.objectContaining({ content: "Looks mint" })]);
    expect(data.messages.sent).toEqual([expect.objectContaining({ to: "friend", content: "Meet at the track?" })]);
    expect(data.messages.received).toEqual([expect.objectContaining({ from: "friend", content: "Saturday 9am" })]);
    expect(data.follows.members).toEqual([expect.objectContaining({ username: "friend" })]);
    expect(data.follows.followers).toEqual([expect.objectContaining({ username: "friend" })]);
    expect(data.likes.posts).toEqual([expect.objectContaining({ type: "like" })]);
    expect(data.saves).toHaveLength(1);
    expect(data.events.attending).toEqual([expect.objectContaining({ eventId: setup.event.id, name: "Cars and Coffee", carId: setup.car.id })]);
    // Nothing of anyone else's: the friend's post is not in it.
    expect(JSON.stringify(data)).not.toContain("Friend's build");
  });

  it("answers 404 to anyone else, and sends a visitor to sign in", async () => {
    const answer = await download(setup.friend, exportId);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("Download not found");
    const api = await download(setup.friend, exportId, "application/json");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "Download not found", status: 404 });
    expect((await download(setup.member, exportId + 1000)).status).toBe(404);
    const visitor = await download(null, exportId);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/login/);
  });

  it("answers 410 with a page once the week is over, and deletes the file", async () => {
    const row = await prisma.dataExport.findUniqueOrThrow({ where: { id: exportId } });
    expect(await openPrivateFile(row.path!)).not.toBeNull();
    await prisma.dataExport.update({ where: { id: exportId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = await download(setup.member, exportId);
    expect(answer.status).toBe(410);
    expect(answer.headers.get("Content-Type")).toContain("text/html");
    expect(await answer.text()).toContain("This download has expired");
    expect(await openPrivateFile(row.path!)).toBeNull();
    expect((await download(setup.member, exportId)).status).toBe(410);
    const page = await call<{ latest: { status: string; url: string | null } }>(exportLoader, getRequest("/profile/export", { cookie: setup.member.cookie }));
    expect(page.latest).toMatchObject({ status: "expired", url: null });
  });

  it("deletes a download's file when its week is over, by the job queued when it was ready", async () => {
    const answer = await startExport(setup.member);
    expect(answer.status).toBe(202);
    const { export: started } = await answer.json();
    await runDueJobs({ kinds: [DATA_EXPORT_JOB] });
    const row = await prisma.dataExport.findUniqueOrThrow({ where: { id: started.id } });
    expect(row.status).toBe("ready");
    expect(row.expiresAt!.getTime() - row.readyAt!.getTime()).toBe(7 * 24 * 3600_000);
    const job = await prisma.job.findFirstOrThrow({ where: { kind: DATA_EXPORT_EXPIRE_JOB, payload: { contains: `"exportId":${started.id}` } } });
    expect(Number(job.runAfter)).toBeGreaterThanOrEqual(row.expiresAt!.getTime() - 60_000);
    // Run before its time, the job waits; at its time it deletes.
    await runDataExportExpiry(JSON.parse(job.payload), row.expiresAt!.getTime() - 1000);
    expect(await openPrivateFile(row.path!)).not.toBeNull();
    await runDataExportExpiry(JSON.parse(job.payload), row.expiresAt!.getTime() + 1000);
    expect(await openPrivateFile(row.path!)).toBeNull();
    expect(await prisma.dataExport.findUniqueOrThrow({ where: { id: started.id } })).toMatchObject({ status: "expired", path: null });
  });
});

describe("a download past its time limit", () => {
  it("stops where it is, leaves no file behind and stays pending for the next attempt", async () => {
    const member = await makeUser("slowpoke");
    expect((await startExport(member)).status).toBe(202);
    const row = await prisma.dataExport.findFirstOrThrow({ where: { userId: member.id } });
    const exportsDir = path.join(mediaDir(), ".private", "exports");
    const filesBefore = existsSync(exportsDir) ? readdirSync(exportsDir).sort() : [];
    const timeUp = new AbortController();
    const running = runDataExport({ exportId: row.id, origin: "http://127.0.0.1:3000" }, timeUp.signal);
    // The limit passes while the zip is being written.
    setImmediate(() => timeUp.abort());
    await expect(running).rejects.toThrow("Making the download took longer than 30 minutes");
    expect(await prisma.dataExport.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "pending", path: null });
    expect(existsSync(exportsDir) ? readdirSync(exportsDir).sort() : []).toEqual(filesBefore);
    // Its queued attempt is not for the tests below.
    await prisma.job.deleteMany({ where: { kind: DATA_EXPORT_JOB, payload: { contains: `"exportId":${row.id},` } } });
  });
});

describe("a large library", () => {
  it("goes into the zip as a stream: memory grows by far less than the files add up to", async () => {
    const member = await makeUser("collector");
    const post = await prisma.post.create({ data: { createdById: member.id, story: "Every photo", createdAt: new Date("2026-11-21T10:00:00Z") } });
    const FILES = 300;
    const FILE_BYTES = 512 * 1024;
    const rows = [];
    const bytes = Buffer.alloc(FILE_BYTES);
    for (let index = 0; index < FILES; index += 1) {
      // Different bytes for every file: its number first.
      bytes.fill(index % 251);
      bytes.writeUInt32BE(index, 0);
      const key = `cc/dd/${String(index).padStart(32, "0")}.webp`;
      await putMedia(key, bytes);
      rows.push({ postId: post.id, uploaderId: member.id, position: index, kind: "image", path: `/media/${key}`, mimeType: "image/webp", bytes: FILE_BYTES });
    }
    await prisma.media.createMany({ data: rows });
    expect((await startExport(member)).status).toBe(202);

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      expect(await runDueJobs({ kinds: [DATA_EXPORT_JOB] })).toBe(1);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const total = FILES * FILE_BYTES;
    expect(peak - before).toBeLessThan(total / 4);

    const row = await prisma.dataExport.findFirstOrThrow({ where: { userId: member.id } });
    expect(row.status).toBe("ready");
    expect(Number(row.bytes)).toBeGreaterThan(total);
    const answer = await download(member, row.id);
    const entries = await openZip(await saveBody(answer, "large.zip"));
    expect(entries).toHaveLength(FILES + 1);
    expect(entries.filter((entry) => entry.name.startsWith(`posts/2026-11-21-post-${post.id}/`) && entry.size === FILE_BYTES)).toHaveLength(FILES);
    const last = await entries.find((entry) => entry.name.endsWith(`/${FILES}.webp`))!.read();
    expect(last.readUInt32BE(0)).toBe(FILES - 1);
  }, 120_000);
});
