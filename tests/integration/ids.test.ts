// Route ids: every page and API reads its id with requireId, so an id that is not decimal
// digits from 1 to the database's largest Int is a 404 with the route's own message, never
// a 500 and never another record ("0x1F" is not post 31, "1e9" is not post 1000000000).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { POST_MESSAGES } from "~/lib/schemas/post-schemas";
import { resetRateLimits } from "~/models/rate-limit.server";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { EVENT_TEXT } from "~/lib/schemas/event-schemas";
import { POST_NOT_FOUND } from "~/models/like.server";
import { action as suspendAction } from "~/routes/api.admin.users.$id.suspend";
import { loader as apiCarLoader } from "~/routes/api.cars.$carId";
import { loader as carFollowLoader } from "~/routes/api.cars.$carId.follow";
import { loader as apiEventLoader } from "~/routes/api.events.$id";
import { action as readAction } from "~/routes/api.notifications.$id.read";
import { action as apiPostAction, loader as apiPostLoader } from "~/routes/api.posts.$id";
import { action as likeAction } from "~/routes/api.posts.$id.like";
import { loader as processingLoader } from "~/routes/api.posts.$id.processing";
import { loader as embedLoader } from "~/routes/embed.post.$postId";
import { loader as eventPageLoader } from "~/routes/events.$id";
import { loader as editCarLoader } from "~/routes/my-cars.$carId.edit";
import { loader as postPageLoader } from "~/routes/post.$id";
import { loader as showcaseLoader } from "~/routes/showcase.$carId";
import { args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { makeUser, type TestUser } from "../support/accounts";

// Records whose ids a lax parser would reach: 0x7FFFFFF0 and 1e9 written out.
const HEX_ID = 0x7ffffff0;
const EXP_ID = 1_000_000_000;
const HEX = "0x7FFFFFF0";
const EXP = "1e9";

/** Bad ids of the issue, the two that would name the records above, and a missing one. */
const BAD_IDS: (string | undefined)[] = ["0x1F", "1e1", "99999999999999999999", HEX, EXP, undefined];

type Answer = { status: number; body: unknown };

/** A loader's or action's answer: a Response (returned or thrown), a thrown data(), or page data. */
async function answerOf(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
    if (!(thrown instanceof Response) && !(thrown as { init?: unknown })?.init) throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? JSON.parse(text) : null };
  }
  const data = result as { init?: { status?: number }; data?: unknown; type?: string };
  if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, body: data.data };
  return { status: 200, body: result };
}

function paramsOf(name: string, id: string | undefined): Record<string, string> {
  return id === undefined ? {} : { [name]: id };
}

let owner: TestUser;
let admin: TestUser;
let target: TestUser;

beforeAll(async () => {
  owner = await makeUser("ids_owner");
  admin = await makeUser("ids_admin", "admin");
  target = await makeUser("ids_target");
  for (const id of [HEX_ID, EXP_ID]) {
    await prisma.car.create({ data: { id, ownerId: owner.id, make: "Nissan", model: "Skyline", year: 1999 } });
    await prisma.post.create({ data: { id, createdById: owner.id, story: `post ${id}` } });
    await prisma.event.create({ data: { id, name: `Meet ${id}`, dateTime: new Date(Date.now() + 86_400_000) } });
    await prisma.notification.create({ data: { id, userId: owner.id, type: "user_follow", message: "hi" } });
  }
});

beforeEach(async () => {
  await resetRateLimits();
});

type Case = {
  route: string;
  param: string;
  message: string;
  call: (params: Record<string, string>) => unknown;
  /** The status a real id answers. */
  ok?: number;
  /** The real id to try (EXP_ID unless the call uses its record up). */
  real?: () => Promise<number>;
};

const PAGES: Case[] = [
  {
    route: "/post/{id}",
    param: "id",
    message: "This post doesn't exist or is no longer available.",
    call: (params) => postPageLoader(args(getRequest("/post/x"), params)),
  },
  {
    route: "/embed/post/{postId}",
    param: "postId",
    message: "This post is unavailable.",
    call: (params) => embedLoader(args(getRequest("/embed/post/x"), params)),
  },
  {
    route: "/events/{id}",
    param: "id",
    message: "This event doesn't exist or was removed.",
    call: (params) => eventPageLoader(args(getRequest("/events/x"), params)),
  },
  {
    route: "/showcase/{carId}",
    param: "carId",
    message: CAR_MESSAGES.notFound,
    call: (params) => showcaseLoader(args(getRequest("/showcase/x"), params)),
  },
  {
    route: "/my-cars/{carId}/edit",
    param: "carId",
    message: CAR_MESSAGES.notFound,
    call: (params) => editCarLoader(args(getRequest("/my-cars/x/edit", { cookie: owner.cookie }), params)),
  },
];

const APIS: Case[] = [
  {
    route: "GET /api/posts/{id}",
    param: "id",
    message: POST_MESSAGES.notFound,
    call: (params) => apiPostLoader(args(getRequest("/api/posts/x"), params)),
  },
  {
    route: "DELETE /api/posts/{id}",
    param: "id",
    message: POST_MESSAGES.notFound,
    call: (params) => apiPostAction(args(jsonRequest("/api/posts/x", {}, { method: "DELETE", cookie: owner.cookie }), params)),
    ok: 204,
    real: async () => (await prisma.post.create({ data: { createdById: owner.id, story: "to delete" } })).id,
  },
  {
    route: "GET /api/posts/{id}/processing",
    param: "id",
    message: POST_MESSAGES.notFound,
    call: (params) => processingLoader(args(getRequest("/api/posts/x/processing", { cookie: owner.cookie }), params)),
  },
  {
    route: "POST /api/posts/{id}/like",
    param: "id",
    message: POST_NOT_FOUND,
    call: (params) => likeAction(args(jsonRequest("/api/posts/x/like", { type: "like" }, { cookie: owner.cookie }), params)),
  },
  {
    route: "GET /api/cars/{carId}",
    param: "carId",
    message: CAR_MESSAGES.notFound,
    call: (params) => apiCarLoader(args(getRequest("/api/cars/x"), params)),
  },
  {
    route: "GET /api/cars/{carId}/follow",
    param: "carId",
    message: CAR_MESSAGES.notFound,
    call: (params) => carFollowLoader(args(getRequest("/api/cars/x/follow"), params)),
  },
  {
    route: "GET /api/events/{id}",
    param: "id",
    message: EVENT_TEXT.notFound,
    call: (params) => apiEventLoader(args(getRequest("/api/events/x"), params)),
  },
  {
    route: "POST /api/notifications/{id}/read",
    param: "id",
    message: "Notification not found",
    call: (params) => readAction(args(jsonRequest("/api/notifications/x/read", {}, { cookie: owner.cookie }), params)),
  },
];

describe.each([
  ["pages", PAGES],
  ["APIs", APIS],
])("%s", (_kind, cases) => {
  describe.each(cases)("$route", ({ param, message, call, ok = 200, real = async () => EXP_ID }) => {
    it.each(BAD_IDS.map((id) => [id]))("answers 404 for %j with the route's message", async (id) => {
      const answer = await answerOf(() => call(paramsOf(param, id)));
      expect(answer).toEqual({ status: 404, body: { error: message, status: 404 } });
    });

    it("still answers a real id", async () => {
      const id = await real();
      const answer = await answerOf(() => call({ [param]: String(id) }));
      expect(answer.status).toBe(ok);
    });
  });
});

describe("an administrator's action on a user", () => {
  it("answers 404 for a bad id, and a plain form goes back with the message as a toast", async () => {
    for (const id of ["0x1F", "1e1", "99999999999999999999", undefined]) {
      const answer = await answerOf(() => suspendAction(args(jsonRequest("/api/admin/users/x/suspend", {}, { cookie: admin.cookie }), paramsOf("id", id))));
      expect(answer).toEqual({ status: 404, body: { error: ADMIN_TEXT.userNotFound, status: 404 } });
    }
    const form = (await suspendAction(
      args(formRequest("/api/admin/users/x/suspend", { redirectTo: "/admin?tab=users" }, { cookie: admin.cookie }), { id: "0x1F" }),
    )) as Response;
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/admin?tab=users");
    expect(form.headers.get("Set-Cookie")).toBeTruthy();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedAt).toBeNull();

    const real = await answerOf(() =>
      suspendAction(args(jsonRequest("/api/admin/users/x/suspend", { suspended: true }, { cookie: admin.cookie }), { id: String(target.id) })),
    );
    expect(real.status).toBe(200);
  });
});
