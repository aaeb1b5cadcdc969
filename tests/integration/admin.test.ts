// The Admin Area's API: administrators only, the grouped report queue, dismiss / remove /
// suspend, the role toggle, lists, and every action recorded with who and when.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getUser } from "~/models/auth.server";
import { MemoryTransport } from "~/lib/server/live-transport.server";
import { setLiveTransport, subscribe } from "~/lib/server/live-hub.server";
import type { LiveEvent } from "~/lib/wire";
import { listUsers } from "~/models/admin-users.server";
import { loader as feedbackLoader } from "~/routes/api.admin.feedback";
import { action as flagsAction, loader as flagsLoader } from "~/routes/api.admin.flags";
import { loader as logLoader } from "~/routes/api.admin.log";
import { loader as usersLoader } from "~/routes/api.admin.users";
import { action as roleAction } from "~/routes/api.admin.users.$id.role";
import { action as suspendAction } from "~/routes/api.admin.users.$id.suspend";
import { makePost, makeUser, type TestUser } from "../support/accounts";
import { callJson, formRequest, getRequest, jsonRequest } from "../support/requests";
import { postPath } from "~/lib/paths";

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}_${Math.random().toString(36).slice(2, 6)}`;

beforeEach(() => setLiveTransport(new MemoryTransport()));

async function report(reporter: TestUser, contentType: string, contentId: number, reason = "spam", details: string | null = null) {
  return prisma.flag.create({ data: { reporterId: reporter.id, contentType, contentId, reason, details } });
}

async function act(admin: TestUser, fields: Record<string, unknown>) {
  return callJson(flagsAction, jsonRequest("/api/admin/flags", fields, { cookie: admin.cookie }));
}

async function lastAction() {
  return prisma.moderationAction.findFirstOrThrow({ orderBy: { id: "desc" } });
}

describe("access", () => {
  it("answers 401 to visitors and 403 to members on every admin route", async () => {
    const member = await makeUser(unique("member"));
    const target = await makeUser(unique("target"));
    const cases: Array<[(a: never) => unknown, (cookie?: string) => Request, Record<string, string>?]> = [
      [flagsLoader, (cookie) => getRequest("/api/admin/flags", { cookie })],
      [flagsAction, (cookie) => jsonRequest("/api/admin/flags", { contentType: "user", contentId: target.id, action: "dismiss" }, { cookie })],
      [usersLoader, (cookie) => getRequest("/api/admin/users", { cookie })],
      [feedbackLoader, (cookie) => getRequest("/api/admin/feedback", { cookie })],
      [logLoader, (cookie) => getRequest("/api/admin/log", { cookie })],
      [roleAction, (cookie) => jsonRequest(`/api/admin/users/${member.id}/role`, { role: "admin" }, { cookie }), { id: String(member.id) }],
      [suspendAction, (cookie) => jsonRequest(`/api/admin/users/${target.id}/suspend`, {}, { cookie }), { id: String(target.id) }],
    ];
    for (const [handler, request, params] of cases) {
      expect((await callJson(handler, request(), params)).status).toBe(401);
      const refused = await callJson(handler, request(member.cookie), params);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBeTruthy();
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).role).toBe("member");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedAt).toBeNull();
    expect(await prisma.moderationAction.count()).toBe(0);
  });
});

describe("the report queue", () => {
  it("groups open reports by content with counts, reasons and the author", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const author = await makeUser(unique("author"));
    const [r1, r2, r3] = await Promise.all([makeUser(unique("rep")), makeUser(unique("rep")), makeUser(unique("rep"))]);
    const post = await makePost(author.id, "Questionable post");
    await report(r1, "post", post.id, "spam");
    await report(r2, "post", post.id, "spam", "Selling things");
    await report(r3, "post", post.id, "inappropriate");
    await report(r1, "user", author.id, "other");

    const { status, body } = await callJson(flagsLoader, getRequest("/api/admin/flags", { cookie: admin.cookie }));
    expect(status).toBe(200);
    const item = body.queue.find((entry: { contentType: string; contentId: number }) => entry.contentType === "post" && entry.contentId === post.id);
    expect(item).toMatchObject({
      count: 3,
      reasons: [
        { reason: "spam", count: 2 },
        { reason: "inappropriate", count: 1 },
      ],
      details: [{ reporter: r2.username, text: "Selling things" }],
      preview: { title: "Questionable post", author: author.username, href: postPath(post.id) },
      author: { id: author.id, username: author.username, suspended: false, is_admin: false },
    });
    expect(body.queue[0].contentId).toBe(post.id);
  });
});

describe("queue actions", () => {
  it("dismiss closes the reports and records who and when", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const author = await makeUser(unique("author"));
    const reporter = await makeUser(unique("rep"));
    const post = await makePost(author.id, "Fine really");
    await report(reporter, "post", post.id);
    const before = Date.now();
    const result = await act(admin, { contentType: "post", contentId: post.id, action: "dismiss", note: "Not spam" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, action: "dismiss", resolved: 1 });
    expect(await prisma.post.count({ where: { id: post.id } })).toBe(1);
    const flag = await prisma.flag.findFirstOrThrow({ where: { contentType: "post", contentId: post.id } });
    expect(flag).toMatchObject({ status: "dismissed", resolvedById: admin.id });
    const recorded = await lastAction();
    expect(recorded).toMatchObject({ moderatorId: admin.id, action: "dismiss", contentType: "post", contentId: post.id, note: "Not spam" });
    expect(recorded.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("remove deletes a post, a comment or a car, closes the reports and names the author", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const author = await makeUser(unique("author"));
    const reporter = await makeUser(unique("rep"));
    const post = await makePost(author.id, "Spam spam");
    const other = await makePost(author.id, "Keeps its comments");
    const comment = await prisma.comment.create({ data: { postId: other.id, userId: author.id, content: "rude" } });
    const car = await prisma.car.create({ data: { ownerId: author.id, make: "Fake", model: "Car", year: 2000 } });
    for (const [type, id] of [
      ["post", post.id],
      ["comment", comment.id],
      ["car", car.id],
    ] as const) {
      await report(reporter, type, id);
      const result = await act(admin, { contentType: type, contentId: id, action: "remove" });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ ok: true, action: "remove", resolved: 1, removed: true });
      expect(await prisma.flag.findFirstOrThrow({ where: { contentType: type, contentId: id } })).toMatchObject({ status: "removed", resolvedById: admin.id });
      expect(await lastAction()).toMatchObject({ moderatorId: admin.id, action: "remove", contentType: type, contentId: id, targetUserId: author.id });
    }
    expect(await prisma.post.count({ where: { id: post.id } })).toBe(0);
    expect(await prisma.comment.count({ where: { id: comment.id } })).toBe(0);
    expect(await prisma.post.count({ where: { id: other.id } })).toBe(1);
    expect(await prisma.car.count({ where: { id: car.id } })).toBe(0);

    // Removing content that is already gone just closes what is left.
    const again = await act(admin, { contentType: "post", contentId: post.id, action: "remove" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ resolved: 0, removed: false });
  });

  it("remove on a reported user suspends them; suspend the author signs them out everywhere", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const troll = await makeUser(unique("troll"));
    const spammer = await makeUser(unique("spammer"));
    const reporter = await makeUser(unique("rep"));
    await report(reporter, "user", troll.id);
    const events: LiveEvent[] = [];
    subscribe(troll.id, (event) => events.push(event));

    const removed = await act(admin, { contentType: "user", contentId: troll.id, action: "remove" });
    expect(removed.status).toBe(200);
    const trollRow = await prisma.user.findUniqueOrThrow({ where: { id: troll.id } });
    expect(trollRow.suspendedAt).not.toBeNull();
    expect(await prisma.session.count({ where: { userId: troll.id } })).toBe(0);
    expect(await getUser(getRequest("/", { cookie: troll.cookie }))).toBeNull();
    expect(await prisma.flag.findFirstOrThrow({ where: { contentType: "user", contentId: troll.id } })).toMatchObject({ status: "removed" });
    expect(await lastAction()).toMatchObject({ action: "suspend", moderatorId: admin.id, targetUserId: troll.id });
    expect(events).toEqual([{ type: "session", data: { reason: "suspended" } }]);

    const post = await makePost(spammer.id, "Buy now");
    await report(reporter, "post", post.id);
    const suspended = await act(admin, { contentType: "post", contentId: post.id, action: "suspend" });
    expect(suspended.status).toBe(200);
    expect(suspended.body.user).toMatchObject({ id: spammer.id, suspended_at: expect.any(String) });
    expect(await getUser(getRequest("/", { cookie: spammer.cookie }))).toBeNull();
    expect(await lastAction()).toMatchObject({ action: "suspend", contentType: "post", contentId: post.id, targetUserId: spammer.id });
    // The post's reports wait for a decision on the post itself.
    expect(await prisma.flag.findFirstOrThrow({ where: { contentType: "post", contentId: post.id } })).toMatchObject({ status: "open" });
  });

  it("refuses bad input with 400 and answers plain forms with a redirect", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    expect((await act(admin, { contentType: "planet", contentId: 1, action: "dismiss" })).status).toBe(400);
    expect((await act(admin, { contentType: "post", contentId: "x", action: "dismiss" })).status).toBe(400);
    expect((await act(admin, { contentType: "post", contentId: 1, action: "explode" })).status).toBe(400);
    expect((await act(admin, { contentType: "post", contentId: 99999, action: "suspend" })).status).toBe(404);

    const author = await makeUser(unique("author"));
    const post = await makePost(author.id);
    const form = await callJson(
      flagsAction,
      formRequest("/api/admin/flags", { contentType: "post", contentId: String(post.id), action: "dismiss", redirectTo: "/admin" }, { cookie: admin.cookie }),
    );
    expect(form.status).toBe(303);
    expect(form.response.headers.get("Location")).toBe("/admin");
  });
});

describe("accounts", () => {
  it("suspends and unsuspends by id, never yourself or an administrator", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const other = await makeUser(unique("admin"), "admin");
    const member = await makeUser(unique("member"));
    const suspend = (id: number, fields: Record<string, unknown> = {}) =>
      callJson(suspendAction, jsonRequest(`/api/admin/users/${id}/suspend`, fields, { cookie: admin.cookie }), { id: String(id) });

    const on = await suspend(member.id);
    expect(on.status).toBe(200);
    expect(on.body.user.suspended_at).toEqual(expect.any(String));
    expect(await lastAction()).toMatchObject({ action: "suspend", targetUserId: member.id, moderatorId: admin.id });
    const off = await suspend(member.id);
    expect(off.body.user.suspended_at).toBeNull();
    expect(await lastAction()).toMatchObject({ action: "unsuspend", targetUserId: member.id });
    expect((await suspend(member.id, { suspended: false })).body.user.suspended_at).toBeNull();

    expect((await suspend(admin.id, { suspended: true })).status).toBe(400);
    expect((await suspend(other.id, { suspended: true })).status).toBe(400);
    expect((await suspend(987654)).status).toBe(404);
  });

  it("toggles the administrator role, recorded; an administrator cannot demote themselves", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const member = await makeUser(unique("member"));
    const role = (id: number, fields: Record<string, unknown> = {}) =>
      callJson(roleAction, jsonRequest(`/api/admin/users/${id}/role`, fields, { cookie: admin.cookie }), { id: String(id) });

    const granted = await role(member.id);
    expect(granted.body.user).toMatchObject({ id: member.id, role: "admin", is_admin: true });
    expect(await lastAction()).toMatchObject({ action: "grant_admin", targetUserId: member.id, moderatorId: admin.id });
    const revoked = await role(member.id, { role: "member" });
    expect(revoked.body.user.role).toBe("member");
    expect(await lastAction()).toMatchObject({ action: "revoke_admin", targetUserId: member.id });

    const self = await role(admin.id);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe("You can't remove your own administrator role");
    expect((await role(member.id, { role: "emperor" })).status).toBe(400);
  });

  it("lists users newest first with search (wildcards literal) and a cursor", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeUser(unique("lister_")));
    const page = await callJson(usersLoader, getRequest("/api/admin/users?q=lister_", { cookie: admin.cookie }));
    expect(page.body.users.map((u: { id: number }) => u.id)).toEqual(made.map((u) => u.id).reverse());
    expect(page.body.users[0]).toMatchObject({ email: expect.stringContaining("@"), role: "member", suspended_at: null, post_count: 0 });

    const first = await listUsers("lister_", null, 2);
    expect(first.users).toHaveLength(2);
    const second = await listUsers("lister_", first.next_cursor, 2);
    expect(second.users.map((u) => u.id)).toEqual([made[2].id, made[1].id]);
    expect((await listUsers("%", null)).users).toEqual([]);
    expect((await listUsers("x".repeat(5000), null)).users).toEqual([]);
  });
});

describe("feedback and the log", () => {
  it("lists feedback newest first with the average rating, and the log with names", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const member = await makeUser(unique("member"));
    await prisma.feedback.create({ data: { text: "Love it", rating: 5, userId: member.id, buildNumber: 3081 } });
    await prisma.feedback.create({ data: { text: "Anonymous note", rating: null } });
    await prisma.feedback.create({ data: { text: "Meh", rating: 2 } });
    const feedback = await callJson(feedbackLoader, getRequest("/api/admin/feedback", { cookie: admin.cookie }));
    expect(feedback.body.feedback.map((f: { feedback_text: string }) => f.feedback_text)).toEqual(["Meh", "Anonymous note", "Love it"]);
    expect(feedback.body.feedback[2]).toMatchObject({ rating: 5, build_number: 3081, user: { id: member.id, username: member.username } });
    expect(feedback.body.average_rating).toBe(3.5);

    await callJson(roleAction, jsonRequest(`/api/admin/users/${member.id}/role`, {}, { cookie: admin.cookie }), { id: String(member.id) });
    const log = await callJson(logLoader, getRequest("/api/admin/log", { cookie: admin.cookie }));
    expect(log.body.actions[0]).toMatchObject({
      action: "grant_admin",
      moderator: { id: admin.id, username: admin.username },
      target_user: { id: member.id, username: member.username },
      created_at: expect.any(String),
    });
  });
});
