// Deleting one's account from the security settings: the proof it needs (password, the app's
// code with two-factor on, a fresh sign-in for Google-only members), the seven days during
// which the account is hidden and signing in restores it, and the final deletion by the job
// queue, which leaves no row naming the member and none of their files.
import { existsSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { variantPath } from "~/lib/media/media-types";
import { mediaDir, newKey, putMedia, resolveKey } from "~/lib/media/media-storage.server";
import { totpCode } from "~/lib/server/totp.server";
import { ANONYMOUS } from "~/lib/schemas/comment-schemas";
import { DELETED_MEMBER } from "~/lib/rules/account-deletion";
import {
  ACCOUNT_DELETION_GRACE,
  ACCOUNT_DELETION_JOB,
  DELETION_MESSAGES,
  purgeAccount,
  runAccountDeletionJob,
  sweepAccountDeletions,
} from "~/models/account-deletion.server";
import { listComments } from "~/models/comment.server";
import { getPost } from "~/models/feed.server";
import { runDueJobs, stopProcessJobWorker } from "~/models/job-worker.server";
import { stopInsuranceReminders } from "~/models/insurance-reminders.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { searchUsers } from "~/models/search.server";
import { getShowcase } from "~/models/showcase.server";
import { getCarBuild } from "~/models/build-sheet.server";
import { resetUsedTotpSteps } from "~/models/two-factor.server";
import { action as securityAction } from "~/routes/profile_.security";
import { loader as userPageLoader } from "~/routes/user.$username";
import { action as enrol } from "~/routes/api.auth.two-factor.enrol";
import { action as confirm } from "~/routes/api.auth.two-factor.confirm";
import { action as challenge } from "~/routes/api.auth.two-factor.challenge";
import { isSignedIn, logIn, makeUser, signUp, type SignedUp } from "../support/accounts";
import { call, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";
import { sourceBuild } from "../support/app-server";
import { onPostgres } from "../support/database";
import { DATA_EXPORT_JOB, requestDataExport } from "~/models/data-export-requests.server";
import { postPath, userPath } from "~/lib/paths";

/** A page of the app as a browser gets it: its status and HTML. */
let handler: ReturnType<typeof createRequestHandler>;
beforeAll(async () => {
  handler = createRequestHandler(await sourceBuild(["routes/post.$id", "routes/profile_.security"]), "production");
}, 120_000);

async function page(url: string, cookie?: string) {
  const response = await handler(new Request(`http://127.0.0.1:3000${url}`, { headers: cookie ? { Cookie: cookie } : {} }));
  // The server's entry starts the background work: this file runs its jobs itself.
  await stopProcessJobWorker(0);
  stopInsuranceReminders();
  return { status: response.status, html: await response.text() };
}

beforeEach(async () => {
  await resetRateLimits();
  await resetUsedTotpSteps();
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108020000009077533e0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082",
  "hex",
);

/** Stores a file with one resized copy; answers its key and both file names on disk. */
async function storedPhoto(prefix?: string) {
  const key = newKey("webp", prefix);
  await putMedia(key, PNG);
  await putMedia(variantPath(key, 64), PNG);
  return { key, files: [resolveKey(key)!, resolveKey(variantPath(key, 64))!] };
}

/** Posts the deletion form of /profile/security. */
async function deleteAccount(cookie: string, fields: Record<string, string>) {
  const answered = await call<unknown>(securityAction, formRequest("/profile/security", { intent: "delete-account", ...fields }, { cookie }));
  // The page answers `data(…, { status })` for the form to show, or a redirect.
  if (answered instanceof Response) return { status: answered.status, body: null, response: answered };
  const { data, init } = answered as { data: { error?: string; confirm?: string }; init?: { status?: number } };
  return { status: init?.status ?? 200, body: data, response: null as unknown as Response };
}

/** A code of the next step: the current one was spent turning two-factor on. */
function nextCode(secret: string) {
  return totpCode(secret, Date.now() + 30_000);
}

/** A member with something of everything: a post with a photo, a car with its photo and a mod, messages, likes, follows, saves, comments, an event, reports and log entries. */
async function busyMember(name: string, other: SignedUp) {
  const member = await signUp(name);
  const photo = await storedPhoto();
  const avatar = await storedPhoto("avatars");
  const cover = await storedPhoto();
  await prisma.user.update({ where: { id: member.id }, data: { profileImage: `/media/${avatar.key}`, nickname: `${name} the driver` } });
  const car = await prisma.car.create({ data: { ownerId: member.id, make: "Mazda", model: "MX-5", year: 1990, coverPath: cover.key, coverVariants: "64" } });
  await prisma.mod.create({ data: { carId: car.id, category: "Exhaust", modelName: "Straight pipe" } });
  const post = await prisma.post.create({ data: { createdById: member.id, story: `Sunday drive by ${name}`, postCars: { create: { carId: car.id } } } });
  await prisma.media.create({
    data: { postId: post.id, uploaderId: member.id, kind: "image", path: photo.key, mimeType: "image/webp", bytes: PNG.length, variants: "64" },
  });
  const othersPost = await prisma.post.create({ data: { createdById: other.id, story: "Someone else's build" } });
  const othersComment = await prisma.comment.create({ data: { postId: othersPost.id, userId: member.id, content: "Lovely car, well done" } });
  await prisma.comment.create({ data: { postId: othersPost.id, userId: other.id, parentId: othersComment.id, content: "Thank you!" } });
  await prisma.comment.create({ data: { postId: post.id, userId: other.id, content: "Nice drive" } });
  await prisma.postLike.create({ data: { userId: member.id, postId: othersPost.id, type: "like" } });
  await prisma.postLike.create({ data: { userId: other.id, postId: post.id, type: "like" } });
  await prisma.save.create({ data: { userId: member.id, postId: othersPost.id } });
  await prisma.userFollow.create({ data: { followerId: member.id, followingId: other.id } });
  await prisma.userFollow.create({ data: { followerId: other.id, followingId: member.id } });
  await prisma.notification.create({ data: { userId: other.id, type: "user_follow", message: `${name} followed you`, relatedUserId: member.id } });
  await prisma.message.create({ data: { senderId: member.id, recipientId: other.id, content: "Hi from me" } });
  await prisma.message.create({ data: { senderId: other.id, recipientId: member.id, content: "Hi back" } });
  await prisma.pushSubscription.create({ data: { userId: member.id, endpoint: `https://push.example/${name}`, p256dh: "key", auth: "auth" } });
  const event = await prisma.event.create({ data: { name: "Cars and coffee", dateTime: new Date(Date.now() + 86_400_000), createdById: member.id } });
  await prisma.eventAttendee.create({ data: { eventId: event.id, userId: member.id, carId: car.id } });
  await prisma.flag.create({ data: { contentType: "post", contentId: post.id, reason: "spam", reporterId: other.id } });
  await prisma.flag.create({ data: { contentType: "user", contentId: member.id, reason: "spam", reporterId: other.id } });
  await prisma.flag.create({ data: { contentType: "post", contentId: othersPost.id, reason: "spam", reporterId: member.id } });
  const admin = await makeUser(`moderator${Math.floor(Math.random() * 1e6)}`, "admin");
  await prisma.moderationAction.create({ data: { moderatorId: admin.id, action: "suspend", targetUserId: member.id, note: `${name} was rude` } });
  await prisma.moderationAction.create({ data: { moderatorId: member.id, action: "dismiss", contentType: "post", contentId: othersPost.id } });
  await prisma.feedback.create({ data: { userId: member.id, text: "Great app" } });
  await prisma.transcodeUsage.create({ data: { userId: member.id, seconds: 3, at: BigInt(Date.now()) } });
  await prisma.loginCode.create({ data: { email: member.email, codeHash: "x", expiresAt: new Date(Date.now() + 60_000) } });
  return { member, post, othersPost, othersComment, event, car, files: [...photo.files, ...avatar.files, ...cover.files] };
}

describe("asking to delete an account", () => {
  it("changes nothing without the right proof, and says what is missing", async () => {
    const other = await signUp("bystander1");
    const { member, post } = await busyMember("careful", other);

    // The settings page offers it, and says how to change one's mind.
    const settings = await page("/profile/security", member.cookie);
    expect(settings.status).toBe(200);
    expect(settings.html).toContain("Delete my account");
    expect(settings.html).toContain("Sign in within 7 days");

    const noConfirm = await deleteAccount(member.cookie, { password: "secret1" });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body?.error).toBe(DELETION_MESSAGES.confirmRequired);

    const noPassword = await deleteAccount(member.cookie, { confirm: "DELETE" });
    expect(noPassword.status).toBe(400);
    const noPasswordBody = noPassword.body!;
    expect(noPasswordBody.error).toBe(DELETION_MESSAGES.passwordRequired);
    // What was typed comes back with the message.
    expect(noPasswordBody.confirm).toBe("DELETE");

    const wrong = await deleteAccount(member.cookie, { password: "not-it", confirm: "DELETE" });
    expect(wrong.status).toBe(403);
    expect(wrong.body?.error).toBe(DELETION_MESSAGES.wrongPassword);

    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();
    expect(await isSignedIn(member.cookie)).toBe(true);
    expect(await getPost(post.id)).not.toBeNull();
  }, 60_000);

  it("is rate limited like the other security settings", async () => {
    const member = await signUp("guesser");
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await deleteAccount(member.cookie, { password: `guess${i}`, confirm: "DELETE" })).status);
    expect(answers.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();
  });

  it("with the password: signs out, hides the member everywhere, and signing in within 7 days restores everything", async () => {
    const other = await signUp("bystander2");
    const { member, post, othersPost, car } = await busyMember("leaver", other);

    const deleted = await deleteAccount(member.cookie, { password: "secret1", confirm: "DELETE" });
    expect(deleted.status).toBe(303);
    expect(deleted.response.headers.get("Location")).toBe("/");
    expect(await isSignedIn(member.cookie)).toBe(false);

    // Hidden from everyone: the profile, the posts, the car and its card, search.
    const profile = await userPageLoader({
      request: getRequest(userPath(member.username), { cookie: other.cookie }),
      params: { username: member.username },
      context: {},
    }).catch((error: unknown) => error);
    expect((profile as Response).status).toBe(404);
    expect(await getPost(post.id, other.id)).toBeNull();
    expect(await getShowcase(car.id)).toBeNull();
    expect(await getCarBuild(car.id)).toBeNull();
    expect((await searchUsers("leaver")).map((user) => user.username)).not.toContain("leaver");
    // Their comment on another's post stays, without their name.
    const comments = await listComments(othersPost.id, { id: other.id, role: "member" });
    const theirs = comments.comments.find((comment) => comment.content === "Lovely car, well done")!;
    expect(theirs.username).toBe(ANONYMOUS);
    expect(theirs.nickname).toBeNull();
    expect(theirs.replies.map((reply) => reply.content)).toEqual(["Thank you!"]);

    // Signing in again restores it, and says so.
    const back = await logIn(member.email);
    expect(back.status).toBe(200);
    expect(await isSignedIn(cookiesOf(back))).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();
    expect(await getPost(post.id, other.id)).not.toBeNull();
    expect(await getShowcase(car.id)).not.toBeNull();
    const notice = await prisma.notification.findFirst({ where: { userId: member.id, type: "account_restored" } });
    expect(notice?.message).toBe(DELETION_MESSAGES.restored);
    // Restored accounts are not deleted later by their old job.
    await prisma.job.updateMany({ where: { kind: ACCOUNT_DELETION_JOB }, data: { runAfter: BigInt(0) } });
    await runDueJobs({ kinds: [ACCOUNT_DELETION_JOB] });
    expect(await prisma.user.findUnique({ where: { id: member.id } })).not.toBeNull();
  });

  it("with two-factor on: needs the app's code as well, and signing in restores only after the code", async () => {
    const member = await signUp("twofactorleaver");
    const enrolled = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", { password: "secret1" }, { cookie: member.cookie }));
    const { secret } = await enrolled.json();
    expect((await call(confirm, jsonRequest("/api/auth/two-factor/confirm", { code: totpCode(secret) }, { cookie: member.cookie }))).status).toBe(200);

    const withoutCode = await deleteAccount(member.cookie, { password: "secret1", confirm: "DELETE" });
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.body?.error).toBe(DELETION_MESSAGES.codeRequired);
    const wrongCode = await deleteAccount(member.cookie, { password: "secret1", code: "000000", confirm: "DELETE" });
    expect(wrongCode.status).toBe(400);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();

    const deleted = await deleteAccount(member.cookie, { password: "secret1", code: nextCode(secret), confirm: "DELETE" });
    expect(deleted.status).toBe(303);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).not.toBeNull();

    // The password alone leaves it deleted; the challenge restores it.
    const pending = await logIn(member.email);
    expect((await pending.json()).twoFactorRequired).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).not.toBeNull();
    await resetUsedTotpSteps(); // the codes of this test's steps are spent: allow one again
    const passed = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: totpCode(secret) }, { cookie: cookiesOf(pending) }));
    expect(passed.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();
  });

  it("for a Google-only member: needs a sign-in within the last 10 minutes", async () => {
    const member = await makeUser("googler");
    await prisma.user.update({ where: { id: member.id }, data: { googleId: "google-googler" } });
    await prisma.session.updateMany({ where: { userId: member.id }, data: { createdAt: new Date(Date.now() - 11 * 60_000) } });
    const stale = await deleteAccount(member.cookie, { confirm: "DELETE" });
    expect(stale.status).toBe(403);
    expect(stale.body?.error).toBe(DELETION_MESSAGES.signInAgain);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();

    await prisma.session.updateMany({ where: { userId: member.id }, data: { createdAt: new Date() } });
    expect((await deleteAccount(member.cookie, { confirm: "DELETE" })).status).toBe(303);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).not.toBeNull();
  });
});

/** Every column of every table that references the users table, by the database's own foreign keys. */
async function userReferences(): Promise<Array<{ table: string; column: string }>> {
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`,
  );
  const references: Array<{ table: string; column: string }> = [];
  for (const { name } of tables) {
    const keys = await prisma.$queryRawUnsafe<Array<{ table: string; from: string }>>(`PRAGMA foreign_key_list("${name}")`);
    for (const key of keys) if (key.table === "users") references.push({ table: name, column: key.from });
    // Columns that hold an account id without a foreign key.
    const columns = await prisma.$queryRawUnsafe<Array<{ name: string }>>(`PRAGMA table_info("${name}")`);
    for (const column of columns) if (column.name === "userId" && !keys.some((key) => key.from === "userId")) references.push({ table: name, column: "userId" });
  }
  return references;
}

/** Every text value in the database that contains `needle` (as table.column). */
async function textMentioning(needle: string): Promise<string[]> {
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const columns = await prisma.$queryRawUnsafe<Array<{ name: string; type: string }>>(`PRAGMA table_info("${name}")`);
    for (const column of columns.filter((c) => c.type === "TEXT")) {
      const [row] = await prisma.$queryRawUnsafe<Array<{ n: number | bigint }>>(
        `SELECT COUNT(*) AS n FROM "${name}" WHERE instr(lower("${column.name}"), ?) > 0`,
        needle.toLowerCase(),
      );
      if (Number(row!.n) > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

describe("the final deletion", () => {
  // It reads SQLite's own catalogue to find every column that names a member.
  it.skipIf(onPostgres)("after 7 days removes every row naming the member and every file of theirs, keeps others' threads and events, and can run again", async () => {
    const other = await signUp("bystander3");
    const otherPhoto = await storedPhoto();
    const { member, othersPost, othersComment, event, files } = await busyMember("vanishing", other);
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(mediaDir()).toBeTruthy();
    const references = await userReferences();
    // The check sees the tables it must: posts, comments, messages both ways, events, the log...
    expect(references.map((ref) => `${ref.table}.${ref.column}`)).toEqual(
      expect.arrayContaining([
        "posts.createdById",
        "comments.userId",
        "messages.senderId",
        "messages.recipientId",
        "events.createdById",
        "moderation_actions.moderatorId",
        "totp_used_steps.userId",
      ]),
    );

    // A download of their data, made before they asked to leave.
    await requestDataExport(member.id, "http://127.0.0.1:3000");
    await runDueJobs({ kinds: [DATA_EXPORT_JOB] });
    const download = await prisma.dataExport.findFirstOrThrow({ where: { userId: member.id, status: "ready" } });
    const downloadFile = path.join(mediaDir(), ".private", download.path!);
    expect(existsSync(downloadFile), downloadFile).toBe(true);

    expect((await deleteAccount(member.cookie, { password: "secret1", confirm: "DELETE" })).status).toBe(303);
    // Not due yet: the job and the sweep leave it alone.
    expect(await purgeAccount(member.id)).toBe(false);
    expect(await sweepAccountDeletions()).toBe(0);
    expect(await prisma.user.findUnique({ where: { id: member.id } })).not.toBeNull();

    // Seven days later the hourly sweep queues it and the job queue deletes it.
    await prisma.user.update({ where: { id: member.id }, data: { deletedAt: new Date(Date.now() - ACCOUNT_DELETION_GRACE - 60_000) } });
    expect(await sweepAccountDeletions()).toBe(1);
    expect(await sweepAccountDeletions()).toBe(0);
    expect(await runDueJobs({ kinds: [ACCOUNT_DELETION_JOB] })).toBe(1);
    expect(await prisma.job.count({ where: { kind: ACCOUNT_DELETION_JOB, state: "failed" } })).toBe(0);

    expect(await prisma.user.findUnique({ where: { id: member.id } })).toBeNull();
    for (const { table, column } of references) {
      const [row] = await prisma.$queryRawUnsafe<Array<{ n: number | bigint }>>(`SELECT COUNT(*) AS n FROM "${table}" WHERE "${column}" = ?`, member.id);
      expect(Number(row!.n), `${table}.${column}`).toBe(0);
    }
    expect(await prisma.flag.count({ where: { contentType: "user", contentId: member.id } })).toBe(0);
    expect(await textMentioning(member.username)).toEqual([]);
    expect(await textMentioning(member.email)).toEqual([]);
    for (const file of files) expect(existsSync(file), file).toBe(false);
    expect(existsSync(downloadFile), downloadFile).toBe(false);
    for (const file of otherPhoto.files) expect(existsSync(file), file).toBe(true);

    // Their comment on another's post stays, shown as written by a deleted member.
    const comment = await prisma.comment.findUniqueOrThrow({ where: { id: othersComment.id } });
    expect(comment.userId).toBeNull();
    const thread = await listComments(othersPost.id, { id: other.id, role: "member" });
    const kept = thread.comments.find((view) => view.id === othersComment.id)!;
    expect(kept).toMatchObject({ content: "Lovely car, well done", username: ANONYMOUS, user_id: null });
    expect(kept.replies.map((reply) => reply.content)).toEqual(["Thank you!"]);
    const postPage = await page(postPath(othersPost.id), other.cookie);
    expect(postPage.status).toBe(200);
    expect(postPage.html).toContain("Lovely car, well done");
    expect(postPage.html).toContain(DELETED_MEMBER);
    expect(postPage.html).not.toContain("vanishing");
    // Their event stays, made by nobody; the log keeps its entries, naming nobody.
    expect(await prisma.event.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({ name: "Cars and coffee", createdById: null });
    expect(await prisma.moderationAction.count({ where: { action: "suspend", targetUserId: null, note: null } })).toBeGreaterThan(0);
    expect(await prisma.moderationAction.count({ where: { action: "dismiss", moderatorId: null, contentId: othersPost.id } })).toBe(1);
    // The other member keeps everything of theirs.
    expect(await prisma.user.findUnique({ where: { id: other.id } })).not.toBeNull();
    expect(await getPost(othersPost.id)).not.toBeNull();

    // Run again (a crash after it finished, or a second job): nothing happens, nothing fails.
    await runAccountDeletionJob({ userId: member.id });
    expect(await purgeAccount(member.id)).toBe(false);
    expect(await prisma.comment.findUnique({ where: { id: othersComment.id } })).not.toBeNull();
  });

  it("run again after stopping halfway (files gone, rows still there) finishes the work", async () => {
    const other = await signUp("bystander4");
    const { member, files } = await busyMember("halfway", other);
    expect((await deleteAccount(member.cookie, { password: "secret1", confirm: "DELETE" })).status).toBe(303);
    await prisma.user.update({ where: { id: member.id }, data: { deletedAt: new Date(Date.now() - ACCOUNT_DELETION_GRACE - 1) } });
    // A crash after the files went: the next run finds them gone and deletes the rows.
    const { rm } = await import("node:fs/promises");
    for (const file of files) await rm(file, { force: true });
    await runAccountDeletionJob({ userId: member.id });
    await runAccountDeletionJob({ userId: member.id });
    expect(await prisma.user.findUnique({ where: { id: member.id } })).toBeNull();
    expect(await prisma.post.count({ where: { story: "Sunday drive by halfway" } })).toBe(0);
  });
});
