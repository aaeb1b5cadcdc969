import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as createFlag } from "~/routes/api.flags.create";
import { loader as countFlags } from "~/routes/api.flags.count";
import { listFlagQueue, resolveFlags } from "~/models/flag.server";
import { answer, args, getRequest, jsonRequest } from "../support/requests";
import { makePost, makeUser } from "../support/accounts";
import { postPath } from "~/lib/paths";

afterEach(() => resetRateLimits());

function report(fields: Record<string, unknown>, cookie?: string) {
  return answer(createFlag(args(jsonRequest("/api/flags/create", fields, { cookie }))));
}

async function count(contentType: string, contentId: number | string) {
  const response = await answer(countFlags(args(getRequest(`/api/flags/count?contentType=${contentType}&contentId=${contentId}`))));
  return { status: response.status, body: await response.json() };
}

describe("POST /api/flags/create", () => {
  it("answers 401, 400, 404, 201 then 409 with their fixed messages", async () => {
    const owner = await makeUser();
    const reporter = await makeUser();
    const post = await makePost(owner.id);

    const visitor = await report({ contentType: "post", contentId: post.id, reason: "spam" });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: "You must be logged in to report content", status: 401 });

    const noReason = await report({ contentType: "post", contentId: post.id, reason: "" }, reporter.cookie);
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ error: "Please select a reason for flagging this content", status: 400 });
    const missingReason = await report({ contentType: "post", contentId: post.id }, reporter.cookie);
    expect((await missingReason.json()).error).toBe("Please select a reason for flagging this content");

    for (const bad of [
      { contentType: "video", contentId: post.id, reason: "spam" },
      { contentType: "post", contentId: "abc", reason: "spam" },
      { contentType: "post", contentId: post.id, reason: "boring" },
      { contentType: "post", contentId: post.id, reason: "other", details: "x".repeat(1001) },
    ]) {
      const response = await report(bad, reporter.cookie);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid request data", status: 400 });
    }

    const missing = await report({ contentType: "post", contentId: 999_999, reason: "spam" }, reporter.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Content not found or may have been deleted", status: 404 });

    const created = await report({ contentType: "post", contentId: String(post.id), reason: "wrong_car_depicted", details: "That is a Miata" }, reporter.cookie);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ success: true, flag: { contentType: "post", contentId: post.id, reason: "wrong_car_depicted" } });

    const duplicate = await report({ contentType: "post", contentId: post.id, reason: "spam" }, reporter.cookie);
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toBe("You have already reported this content");
    expect(await prisma.flag.count()).toBe(1);
  });

  it("takes the reporter from the session and ignores reporterId in the body", async () => {
    const owner = await makeUser();
    const reporter = await makeUser();
    const victim = await makeUser();
    const post = await makePost(owner.id);
    const response = await report({ contentType: "post", contentId: post.id, reason: "spam", reporterId: victim.id }, reporter.cookie);
    expect(response.status).toBe(201);
    const flag = await prisma.flag.findFirstOrThrow({ where: { contentType: "post", contentId: post.id } });
    expect(flag.reporterId).toBe(reporter.id);
    expect(flag.details).toBeNull();
  });

  it("checks that comments, users and cars exist", async () => {
    const owner = await makeUser();
    const reporter = await makeUser();
    const post = await makePost(owner.id);
    const comment = await prisma.comment.create({ data: { postId: post.id, userId: owner.id, content: "rude" } });
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1990 } });
    for (const [contentType, contentId] of [
      ["comment", comment.id],
      ["user", owner.id],
      ["car", car.id],
    ] as const) {
      expect((await report({ contentType, contentId, reason: "inappropriate" }, reporter.cookie)).status).toBe(201);
      expect((await report({ contentType, contentId: 424_242, reason: "inappropriate" }, reporter.cookie)).status).toBe(404);
    }
  });

  it("refuses a foreign origin with 403", async () => {
    const reporter = await makeUser();
    const post = await makePost(reporter.id);
    const request = jsonRequest(
      "/api/flags/create",
      { contentType: "post", contentId: post.id, reason: "spam" },
      { cookie: reporter.cookie, headers: { Origin: "http://evil.example" } },
    );
    expect((await answer(createFlag(args(request)))).status).toBe(403);
  });
});

describe("GET /api/flags/count", () => {
  it("counts reports of one piece of content", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    expect(await count("post", post.id)).toEqual({ status: 200, body: { count: 0 } });
    for (const reason of ["spam", "spam", "misinformation"]) {
      const reporter = await makeUser();
      await report({ contentType: "post", contentId: post.id, reason }, reporter.cookie);
    }
    expect(await count("post", post.id)).toEqual({ status: 200, body: { count: 3 } });
    expect((await count("thing", post.id)).status).toBe(400);
    expect((await count("post", "x")).status).toBe(400);
  });
});

describe("the administrators' queue", () => {
  it("groups open reports by content with reasons, and resolving closes them", async () => {
    await prisma.flag.deleteMany();
    const owner = await makeUser("queueowner");
    const admin = await makeUser("queueadmin", "admin");
    const busy = await makePost(owner.id, "A busy post");
    const quiet = await makePost(owner.id, "A quiet post");
    const reporters = await Promise.all([1, 2, 3].map(() => makeUser()));
    await report({ contentType: "post", contentId: busy.id, reason: "spam", details: "Buy my wheels" }, reporters[0].cookie);
    await report({ contentType: "post", contentId: busy.id, reason: "spam" }, reporters[1].cookie);
    await report({ contentType: "post", contentId: busy.id, reason: "misleading_tags" }, reporters[2].cookie);
    await report({ contentType: "post", contentId: quiet.id, reason: "other" }, reporters[0].cookie);

    const queue = await listFlagQueue();
    expect(queue.map((item) => [item.contentId, item.count])).toEqual([
      [busy.id, 3],
      [quiet.id, 1],
    ]);
    expect(queue[0].reasons).toEqual([
      { reason: "spam", count: 2 },
      { reason: "misleading_tags", count: 1 },
    ]);
    expect(queue[0].details).toEqual([expect.objectContaining({ text: "Buy my wheels", reporter: reporters[0].username })]);
    expect(queue[0].preview).toEqual({ title: "A busy post", author: "queueowner", href: postPath(busy.id) });

    expect(await resolveFlags("post", busy.id, "dismissed", admin.id)).toEqual({ resolved: 3 });
    expect((await listFlagQueue()).map((item) => item.contentId)).toEqual([quiet.id]);
    const closed = await prisma.flag.findMany({ where: { contentId: busy.id } });
    expect(closed.every((flag) => flag.status === "dismissed" && flag.resolvedById === admin.id && flag.resolvedAt)).toBe(true);
    expect(await prisma.moderationAction.findFirst({ where: { contentId: busy.id } })).toMatchObject({ action: "dismiss", moderatorId: admin.id });
  });
});
