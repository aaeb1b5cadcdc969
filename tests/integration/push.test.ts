// Push notifications end to end: members subscribe through the real route, things happen
// through the real routes and models, the job queue runs in this process, and the pushes go
// over HTTP to a push service started here on 127.0.0.1 that takes RFC 8030 requests and
// decrypts them (aes128gcm) with each subscription's own private key, as a browser would.
import { execFileSync } from "node:child_process";
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import vm from "node:vm";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import ece from "http_ece";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startSession } from "~/models/auth.server";
import { runDueJobs } from "~/models/job-worker.server";
import { sendInsuranceReminders } from "~/models/insurance-notices.server";
import { checkStartupSettings, pushSettings } from "~/lib/server/env.server";
import { checkEndpoint } from "~/models/push-subscription.server";
import { sendEventReminders } from "~/models/push.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as postComment } from "~/routes/api.comments";
import { action as likePost } from "~/routes/api.posts.$id.like";
import { action as followCar } from "~/routes/api.cars.$carId.follow";
import { action as sendMessage } from "~/routes/api.messages";
import { action as savePreferences, loader as preferencesLoader } from "~/routes/api.push.preferences";
import { action as subscribeAction, loader as keyLoader } from "~/routes/api.push.subscriptions";
import { action as blockAction } from "~/routes/api.users.$username.block";
import { action as followUser } from "~/routes/api.users.$username.follow";
import { action as logout } from "~/routes/logout";
import { serviceWorkerSource } from "~/lib/server/service-worker.server";
import { shellOf } from "../../server/service-worker";
import { makePost, makeUser, type TestUser } from "../support/accounts";
import { answer, args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { eventPath, postPath, showcasePath } from "~/lib/paths";

// ------------------------------------------------------------------ the local push service

type Received = { device: string; title: string; body: string; url: string; icon: string | null; tag: string; authorization: string; ttl: string | null };

/** A device: its subscription's keys (made here, as a browser makes them) and its endpoint. */
type Device = { id: string; ecdh: ECDH; auth: Buffer; endpoint: string; p256dh: string };

const devices = new Map<string, Device>();
let received: Received[] = [];
/** Answers the push service gives instead of 201, per device, in order. */
const answers = new Map<string, number[]>();
let server: https.Server;
let origin = "";

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

beforeAll(async () => {
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  process.env.VAPID_SUBJECT = "mailto:push-test@example.com";
  process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "true";
  // Push services speak https: a certificate for 127.0.0.1 that this process trusts.
  const dir = mkdtempSync(path.join(os.tmpdir(), "push-service-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(path.join(dir, "key.pem"));
  const cert = readFileSync(path.join(dir, "cert.pem"));
  rmSync(dir, { recursive: true, force: true });
  https.globalAgent.options.ca = cert;
  server = https.createServer({ key, cert }, async (request, response) => {
    const body = await readBody(request);
    const id = decodeURIComponent((request.url ?? "").replace(/^\/push\//, ""));
    const device = devices.get(id);
    const queued = answers.get(id);
    const status = queued?.shift();
    if (!device || request.method !== "POST" || request.headers["content-encoding"] !== "aes128gcm") {
      response.writeHead(400).end();
      return;
    }
    if (status !== undefined) {
      response.writeHead(status).end();
      return;
    }
    const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth.toString("base64url") });
    const message = JSON.parse(plain.toString("utf8"));
    received.push({ device: id, ...message, authorization: String(request.headers.authorization ?? ""), ttl: (request.headers.ttl as string) ?? null });
    response.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete process.env.PUSH_ALLOW_LOCAL_ENDPOINTS;
});

beforeEach(async () => {
  await resetRateLimits();
  received = [];
  answers.clear();
});

function newDevice(): Device {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const id = randomBytes(8).toString("hex");
  const device = { id, ecdh, auth: randomBytes(16), endpoint: `${origin}/push/${id}`, p256dh: ecdh.getPublicKey().toString("base64url") };
  devices.set(id, device);
  return device;
}

async function subscribe(user: TestUser, body: unknown) {
  const response = await answer(subscribeAction(args(jsonRequest("/api/push/subscriptions", body, { cookie: user.cookie }))));
  return { status: response.status, body: await response.json() };
}

async function subscribeDevice(user: TestUser): Promise<Device> {
  const device = newDevice();
  const result = await subscribe(user, { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth.toString("base64url") } });
  expect(result.status).toBe(201);
  return device;
}

/** Runs the queue until it is empty (the push job, then one job per device). */
async function deliver() {
  await runDueJobs();
}

// ------------------------------------------------------------------ what sends a push

describe("what sends a push", () => {
  it("a message reaches each of the member's five devices exactly once, with the words, the link and the sender's picture", async () => {
    const alice = await makeUser("p_alice");
    const bob = await makeUser("p_bob");
    await prisma.user.update({ where: { id: alice.id }, data: { profileImage: "ab/cd/alice.webp" } });
    const phones = [];
    for (let i = 0; i < 5; i += 1) phones.push(await subscribeDevice(bob));

    const sent = await answer(sendMessage(args(jsonRequest("/api/messages", { to: "p_bob", content: "Track day on Sunday?" }, { cookie: alice.cookie }))));
    expect(sent.status).toBe(201);
    await deliver();

    expect(received.map((push) => push.device).sort()).toEqual(phones.map((phone) => phone.id).sort());
    for (const push of received) {
      expect(push).toMatchObject({ title: "New message from p_alice", body: "Track day on Sunday?", url: "/messages/p_alice", icon: "/media/ab/cd/alice.webp" });
      expect(push.authorization).toMatch(/^vapid t=.+, k=.+$/);
    }
  });

  it("a comment on a post tells its owner, and a reply tells the replied-to commenter", async () => {
    const owner = await makeUser("p_owner");
    const commenter = await makeUser("p_commenter");
    const replier = await makeUser("p_replier");
    const post = await makePost(owner.id, "My build");
    const ownerPhone = await subscribeDevice(owner);
    const commenterPhone = await subscribeDevice(commenter);

    const first = await answer(postComment(args(jsonRequest("/api/comments", { postId: post.id, content: "Lovely wheels" }, { cookie: commenter.cookie }))));
    expect(first.status).toBe(201);
    const comment = await first.json();
    await deliver();
    expect(received).toEqual([
      expect.objectContaining({ device: ownerPhone.id, title: "p_commenter commented on your post", body: "Lovely wheels", url: postPath(post.id) }),
    ]);

    received = [];
    const reply = await answer(postComment(args(jsonRequest("/api/comments", { postId: post.id, content: "Agreed", parentId: comment.id }, { cookie: replier.cookie }))));
    expect(reply.status).toBe(201);
    await deliver();
    expect(received.map((push) => [push.device, push.title]).sort()).toEqual(
      [
        [commenterPhone.id, "p_replier replied to your comment"],
        [ownerPhone.id, "p_replier commented on your post"],
      ].sort(),
    );
  });

  it("a new follower of the member or of their car", async () => {
    const owner = await makeUser("p_carowner");
    const fan = await makeUser("p_fan");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Porsche", model: "911", year: 2020, trim: "GT3" } });
    const phone = await subscribeDevice(owner);

    expect((await answer(followUser(args(jsonRequest("/api/users/p_carowner/follow", {}, { cookie: fan.cookie }), { username: "p_carowner" })))).status).toBe(200);
    expect((await answer(followCar(args(jsonRequest(`/api/cars/${car.id}/follow`, {}, { cookie: fan.cookie }), { carId: String(car.id) })))).status).toBe(200);
    await deliver();
    expect(received.map(({ device, title, url }) => ({ device, title, url }))).toEqual(
      expect.arrayContaining([
        { device: phone.id, title: "p_fan started following you", url: "/user/p_fan" },
        { device: phone.id, title: "p_fan followed your 911 GT3", url: showcasePath(car.id) },
      ]),
    );
    expect(received).toHaveLength(2);
  });

  it("an event the member is going to, once, within 24 hours of its start", async () => {
    const goer = await makeUser("p_goer");
    const phone = await subscribeDevice(goer);
    const now = new Date();
    const soon = await prisma.event.create({ data: { name: "Cars and Coffee", dateTime: new Date(now.getTime() + 5 * 3600_000), location: "Harbour car park" } });
    const later = await prisma.event.create({ data: { name: "Later meet", dateTime: new Date(now.getTime() + 3 * 24 * 3600_000) } });
    await prisma.eventAttendee.createMany({ data: [soon, later].map((event) => ({ eventId: event.id, userId: goer.id })) });

    await sendEventReminders(now);
    await sendEventReminders(now);
    await deliver();
    expect(received).toEqual([
      expect.objectContaining({ device: phone.id, title: "Cars and Coffee starts within 24 hours", body: "Harbour car park", url: eventPath(soon.id) }),
    ]);
  });

  it("an insurance reminder, with the car's newest picture", async () => {
    const owner = await makeUser("p_insured");
    const phone = await subscribeDevice(owner);
    const car = await prisma.car.create({
      data: { ownerId: owner.id, make: "BMW", model: "M3", year: 2019, insuranceExpiresAt: new Date(Date.now() + 10 * 24 * 3600_000) },
    });
    const post = await makePost(owner.id, "M3 at the track");
    await prisma.postCar.create({ data: { postId: post.id, carId: car.id } });
    await prisma.media.create({
      data: { postId: post.id, uploaderId: owner.id, kind: "image", path: "ef/gh/m3.webp", mimeType: "image/webp", bytes: 1000, position: 0 },
    });

    expect(await sendInsuranceReminders()).toBeGreaterThan(0);
    await deliver();
    const mine = received.filter((push) => push.device === phone.id);
    expect(mine).toEqual([expect.objectContaining({ url: "/my-cars", icon: "/media/ef/gh/m3.webp" })]);
    expect(mine[0].title).toMatch(/^Insurance for your M3 expires on /);
  });
});

// ------------------------------------------------------------------ who never causes one

describe("silenced", () => {
  it("someone in a block with the member causes no push, either way", async () => {
    const alice = await makeUser("p_blocker");
    const bob = await makeUser("p_blocked");
    await subscribeDevice(alice);
    // A message queued before the block is not delivered after it.
    expect((await answer(sendMessage(args(jsonRequest("/api/messages", { to: "p_blocker", content: "hi" }, { cookie: bob.cookie }))))).status).toBe(201);
    const blocked = await answer(blockAction(args(jsonRequest("/api/users/p_blocked/block", {}, { cookie: alice.cookie }), { username: "p_blocked" })));
    expect(blocked.status).toBeLessThan(300);
    await deliver();
    expect(received).toEqual([]);
  });

  it("a like of a post sends a push only to an owner who chose likes", async () => {
    const owner = await makeUser("p_liked");
    const fan = await makeUser("p_liker");
    const post = await makePost(owner.id, "Fresh paint");
    const phone = await subscribeDevice(owner);
    const press = () => answer(likePost(args(jsonRequest(`/api/posts/${post.id}/like`, { type: "like" }, { cookie: fan.cookie }), { id: String(post.id) })));

    expect((await press()).status).toBe(200);
    await deliver();
    expect(received).toEqual([]);

    const choices = { messages: "on", replies: "on", comments: "on", followers: "on", events: "on", insurance: "on", mentions: "on", likes: "on" };
    expect((await answer(savePreferences(args(jsonRequest("/api/push/preferences", choices, { cookie: owner.cookie }))))).status).toBe(200);
    await press(); // takes the like back: no push
    await press();
    await deliver();
    expect(received).toEqual([expect.objectContaining({ device: phone.id, title: "p_liker liked your post", url: postPath(post.id) })]);
  });

  it("a kind the member switched off sends nothing; likes are off until chosen", async () => {
    const alice = await makeUser("p_prefs");
    const bob = await makeUser("p_sender");
    await subscribeDevice(alice);
    const defaults = await answer(preferencesLoader(args(getRequest("/api/push/preferences", { cookie: alice.cookie }))));
    expect((await defaults.json()).preferences).toEqual({
      messages: true,
      replies: true,
      comments: true,
      followers: true,
      events: true,
      insurance: true,
      mentions: true,
      likes: false,
    });

    // The settings form: ticked boxes only, so messages are off.
    const saved = await answer(savePreferences(args(formRequest("/api/push/preferences", { followers: "on", redirectTo: "/profile" }, { cookie: alice.cookie }))));
    expect(saved.status).toBe(303);
    await answer(sendMessage(args(jsonRequest("/api/messages", { to: "p_prefs", content: "hello" }, { cookie: bob.cookie }))));
    await deliver();
    expect(received).toEqual([]);
  });
});

// ------------------------------------------------------------------ the push service's answers

describe("the push service's answers", () => {
  it("410 removes that device's subscription and the others still get theirs", async () => {
    const alice = await makeUser("p_gone_sender");
    const bob = await makeUser("p_gone");
    const old = await subscribeDevice(bob);
    const current = await subscribeDevice(bob);
    answers.set(old.id, [410]);
    await answer(sendMessage(args(jsonRequest("/api/messages", { to: "p_gone", content: "still there?" }, { cookie: alice.cookie }))));
    await deliver();
    expect(received.map((push) => push.device)).toEqual([current.id]);
    expect(await prisma.pushSubscription.findMany({ where: { userId: bob.id }, select: { endpoint: true } })).toEqual([{ endpoint: current.endpoint }]);
  });

  it("429 and 5xx are retried later by the queue, and the push arrives once", async () => {
    const alice = await makeUser("p_busy_sender");
    const bob = await makeUser("p_busy");
    const phone = await subscribeDevice(bob);
    answers.set(phone.id, [503, 429]);
    await answer(sendMessage(args(jsonRequest("/api/messages", { to: "p_busy", content: "retry me" }, { cookie: alice.cookie }))));
    await deliver();
    expect(received).toEqual([]);
    const job = await prisma.job.findFirstOrThrow({ where: { kind: "push-send", state: "queued" }, orderBy: { id: "desc" } });
    expect(job.lastError).toMatch(/503/);
    // Due again (as after its backoff), twice: 429, then delivered.
    for (let round = 0; round < 2; round += 1) {
      await prisma.job.update({ where: { id: job.id }, data: { runAfter: BigInt(Date.now()) } });
      await deliver();
    }
    expect(received.map((push) => push.body)).toEqual(["retry me"]);
    expect((await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("done");
  });
});

// ------------------------------------------------------------------ signing out

describe("a device's pushes last as long as its sign-in", () => {
  it("signing out on the phone stops its pushes; the laptop, still signed in, keeps getting them", async () => {
    const alice = await makeUser("p_out_sender");
    const bob = await makeUser("p_out");
    const phone = await subscribeDevice(bob);
    const [laptopCookie] = await startSession(new Request("http://127.0.0.1:3000/"), await prisma.user.findUniqueOrThrow({ where: { id: bob.id } }));
    const laptop = await subscribeDevice({ ...bob, cookie: laptopCookie!.split(";")[0] });

    const out = await answer(logout(args(formRequest("/logout", {}, { cookie: bob.cookie }))));
    expect(out.status).toBe(303);
    await answer(sendMessage(args(jsonRequest("/api/messages", { to: "p_out", content: "are you there?" }, { cookie: alice.cookie }))));
    await deliver();

    expect(received.map((push) => push.device)).toEqual([laptop.id]);
    expect(await prisma.pushSubscription.findMany({ where: { userId: bob.id }, select: { endpoint: true } })).toEqual([{ endpoint: laptop.endpoint }]);
    expect(phone.id).not.toBe(laptop.id);
  });
});

// ------------------------------------------------------------------ bad subscriptions

describe("bad subscriptions", () => {
  const goodKeys = () => {
    const device = newDevice();
    return { p256dh: device.p256dh, auth: device.auth.toString("base64url") };
  };

  it.each([
    ["a foreign host", { endpoint: "https://evil.example.com/push/1", keys: goodKeys() }],
    ["plain http to a push service", { endpoint: "http://fcm.googleapis.com/fcm/send/abc", keys: goodKeys() }],
    ["a private address", { endpoint: "https://10.0.0.5/push", keys: goodKeys() }],
    ["loopback by name", { endpoint: "https://localhost/push", keys: goodKeys() }],
    ["not a URL", { endpoint: "not a url", keys: goodKeys() }],
    ["a short p256dh", { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { ...goodKeys(), p256dh: randomBytes(33).toString("base64url") } }],
    [
      "a compressed point",
      { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { ...goodKeys(), p256dh: Buffer.concat([Buffer.from([2]), randomBytes(64)]).toString("base64url") } },
    ],
    ["a 12-byte auth", { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { ...goodKeys(), auth: randomBytes(12).toString("base64url") } }],
    ["auth that is not base64url", { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { ...goodKeys(), auth: "!!!!!!!!!!!!!!!!!!!!!!" } }],
    ["no keys", { endpoint: "https://fcm.googleapis.com/fcm/send/abc" }],
  ])("%s gets a 400 and is not stored", async (_name, body) => {
    const member = await makeUser();
    const result = await subscribe(member, body);
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual(expect.any(String));
    expect(await prisma.pushSubscription.count({ where: { userId: member.id } })).toBe(0);
  });

  it("a push service host that resolves to a private or loopback address is refused", async () => {
    await expect(checkEndpoint("https://fcm.googleapis.com/fcm/send/abc", async () => ["10.1.2.3"])).rejects.toMatchObject({ status: 400 });
    await expect(checkEndpoint("https://fcm.googleapis.com/fcm/send/abc", async () => ["::1"])).rejects.toMatchObject({ status: 400 });
    await expect(checkEndpoint("https://fcm.googleapis.com/fcm/send/abc", async () => ["169.254.169.254"])).rejects.toMatchObject({ status: 400 });
    await expect(checkEndpoint("https://fcm.googleapis.com/fcm/send/abc", async () => ["142.250.0.1"])).resolves.toBeInstanceOf(URL);
  });

  it("127.0.0.1 is refused without the test-only setting", async () => {
    const member = await makeUser();
    process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "false";
    try {
      const device = newDevice();
      const result = await subscribe(member, { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth.toString("base64url") } });
      expect(result.status).toBe(400);
    } finally {
      process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "true";
    }
  });

  it("answers the public key to a member, and 401 to a visitor", async () => {
    const member = await makeUser();
    const response = await answer(keyLoader(args(getRequest("/api/push/subscriptions", { cookie: member.cookie }))));
    expect(await response.json()).toEqual({ enabled: true, public_key: process.env.VAPID_PUBLIC_KEY, devices: 0 });
    expect((await answer(keyLoader(args(getRequest("/api/push/subscriptions"))))).status).toBe(401);
  });

  it("subscribing is rate limited", async () => {
    const member = await makeUser();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await subscribe(member, { endpoint: "https://evil.example.com/x", keys: goodKeys() })).status);
    expect(statuses).toContain(429);
  });
});

describe("the service worker", () => {
  it("is the build's own: its version and the shell's files, valid JavaScript that shows pushes and opens their page", () => {
    const build = {
      assets: {
        version: "abc123",
        entry: { module: "/assets/entry.client-X.js", imports: ["/assets/components-Y.js"] },
        routes: { root: { module: "/assets/root-Z.js", imports: ["/assets/components-Y.js"], css: ["/assets/root-W.css"] } },
      },
    } as unknown as ServerBuild;
    const source = serviceWorkerSource(shellOf(build));
    expect(source).toMatch(/^\/\/ "abc123": the build/);
    expect(() => new vm.Script(source)).not.toThrow();
    expect(shellOf(build).shell).toEqual(["/assets/entry.client-X.js", "/assets/components-Y.js", "/assets/root-Z.js", "/assets/root-W.css"]);
    expect(source).toContain('addEventListener("push"');
    expect(source).toContain('addEventListener("notificationclick"');
  });
});

describe("settings", () => {
  const production = { NODE_ENV: "production", APP_URL: "https://cars.example.com", SESSION_SECRET: "s".repeat(32) };

  it("production starts without keys when PUSH is unset (no pushes), and refuses PUSH=on without keys with a message", () => {
    expect(() => checkStartupSettings(production)).not.toThrow();
    expect(pushSettings(production)).toBeNull();
    expect(() => checkStartupSettings({ ...production, PUSH: "on" })).toThrow(/PUSH=on needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => checkStartupSettings({ ...production, PUSH_ALLOW_LOCAL_ENDPOINTS: "true" })).toThrow(/tests only/);
  });

  it("production with keys pushes, signed for APP_URL unless VAPID_SUBJECT says otherwise; malformed keys are named", () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { ...production, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(() => checkStartupSettings({ ...env, PUSH: "on" })).not.toThrow();
    expect(pushSettings(env)?.vapid).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey, subject: "https://cars.example.com" });
    expect(pushSettings({ ...env, PUSH: "off" })).toBeNull();
    expect(() => checkStartupSettings({ ...env, VAPID_PRIVATE_KEY: "short" })).toThrow(/^VAPID_PRIVATE_KEY is not understood/);
  });
});
