// Bad input to actions: a bad id in the URL is a 404 with the route's message, a field of
// the wrong type a 4xx with the message the form shows, and a model's refusal (a UserError)
// reaches a script as JSON and a plain form as a toast, never a 500.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { CAR_NOT_FOUND, CANNOT_FOLLOW_YOURSELF } from "~/models/follow.server";
import { loader as feedLoader } from "~/routes/api.feed";
import { action as roleAction } from "~/routes/api.admin.users.$id.role";
import { action as suspendAction } from "~/routes/api.admin.users.$id.suspend";
import { action as enrolAction } from "~/routes/api.auth.two-factor.enrol";
import { action as carFollowAction } from "~/routes/api.cars.$carId.follow";
import { action as userFollowAction } from "~/routes/api.users.$username.follow";
import { action as readAction } from "~/routes/api.notifications.$id.read";
import { action as eventAction } from "~/routes/api.events.$id";
import { action as attendAction } from "~/routes/api.events.$id.attend";
import { action as blockAction } from "~/routes/api.users.$username.block";
import { action as garageAction } from "~/routes/my-cars._index";
import { answerJson, args, formRequest, getRequest, jsonRequest, rawRequest } from "../support/requests";
import { makeUser } from "../support/accounts";
import { userPath } from "~/lib/paths";

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}_${Math.random().toString(36).slice(2, 6)}`;

beforeEach(async () => {
  await resetRateLimits();
});

describe("a bad id in the URL", () => {
  it("is a 404 with the route's message on a follow, for scripts and plain forms alike", async () => {
    const member = await makeUser(unique("idfollow"));
    for (const carId of ["0x1F", "1e1", "-3", "abc"]) {
      const json = await answerJson(carFollowAction(args(jsonRequest("/api/cars/x/follow", {}, { cookie: member.cookie }), { carId })));
      expect(json).toMatchObject({ status: 404, body: { error: CAR_NOT_FOUND } });
    }
    const form = await answerJson(carFollowAction(args(formRequest("/api/cars/x/follow", { redirectTo: "/cars" }, { cookie: member.cookie }), { carId: "1e1" })));
    expect(form.status).toBe(303);
    expect(form.response.headers.get("Location")).toBe("/cars");
  });

  it("is a 404 when marking a notification read", async () => {
    const member = await makeUser(unique("idread"));
    const answerOf = await answerJson(readAction(args(jsonRequest("/api/notifications/x/read", {}, { cookie: member.cookie }), { id: "12abc" })));
    expect(answerOf).toMatchObject({ status: 404, body: { error: "Notification not found" } });
  });

  it("in a list of ids to leave out of the feed is a 400, not a 500", async () => {
    const answerOf = await answerJson(feedLoader(args(getRequest("/api/feed?exclude=1,2,x"))));
    expect(answerOf).toMatchObject({ status: 400, body: { error: "Invalid id list" } });
    const cursor = await answerJson(feedLoader(args(getRequest("/api/feed?cursor=junk"))));
    expect(cursor).toMatchObject({ status: 400, body: { error: "Invalid cursor" } });
  });
});

describe("a field of the wrong type", () => {
  it("is a 400 with the Admin Area's message for a role or a suspension", async () => {
    const admin = await makeUser(unique("typeadmin"), "admin");
    const member = await makeUser(unique("typemember"));
    const params = { id: String(member.id) };
    for (const role of [5, ["admin"], "owner"]) {
      const answerOf = await answerJson(roleAction(args(jsonRequest("/api/admin/users/x/role", { role }, { cookie: admin.cookie }), params)));
      expect(answerOf).toMatchObject({ status: 400, body: { error: ADMIN_TEXT.invalid } });
    }
    for (const suspended of [1, "maybe", null]) {
      const answerOf = await answerJson(suspendAction(args(jsonRequest("/api/admin/users/x/suspend", { suspended }, { cookie: admin.cookie }), params)));
      expect(answerOf).toMatchObject({ status: 400, body: { error: ADMIN_TEXT.invalid } });
    }
    const toggled = await answerJson(suspendAction(args(jsonRequest("/api/admin/users/x/suspend", { suspended: true }, { cookie: admin.cookie }), params)));
    expect(toggled.status).toBe(200);
  });

  it("is a 400 saying what is wrong for a follow or a two-factor set-up", async () => {
    const member = await makeUser(unique("typefollow"));
    const other = await makeUser(unique("typeother"));
    const follow = await answerJson(
      userFollowAction(args(jsonRequest("/api/users/x/follow", { following: "maybe" }, { cookie: member.cookie }), { username: other.username })),
    );
    expect(follow).toMatchObject({ status: 400, body: { error: "following must be true or false" } });
    const enrol = await answerJson(enrolAction(args(jsonRequest("/api/auth/two-factor/enrol", { password: 12345678 }, { cookie: member.cookie }))));
    expect(enrol).toMatchObject({ status: 400, body: { error: "Password must be text" } });
  });

  it("is a 400 for an event's intent that is not one of its words, and the event stays as it was", async () => {
    const admin = await makeUser(unique("typeevent"), "admin");
    const event = await prisma.event.create({ data: { name: "Meet", dateTime: new Date(Date.now() + 86_400_000) } });
    for (const intent of [5, true, ["delete"]]) {
      const answerOf = await answerJson(
        eventAction(args(jsonRequest(`/api/events/${event.id}`, { intent, name: "Renamed" }, { cookie: admin.cookie }), { id: String(event.id) })),
      );
      expect(answerOf).toMatchObject({ status: 400, body: { error: "Unknown intent" } });
    }
    expect(await prisma.event.findUnique({ where: { id: event.id }, select: { name: true } })).toEqual({ name: "Meet" });
  });

  it("is a 400 for going to an event that is not true or false, and nothing toggles", async () => {
    const member = await makeUser(unique("typeattend"));
    const event = await prisma.event.create({ data: { name: "Run", dateTime: new Date(Date.now() + 86_400_000) } });
    const params = { id: String(event.id) };
    for (const going of [5, "maybe", { yes: true }]) {
      const answerOf = await answerJson(attendAction(args(jsonRequest(`/api/events/${event.id}/attend`, { going }, { cookie: member.cookie }), params)));
      expect(answerOf).toMatchObject({ status: 400, body: { error: "going must be true or false" } });
    }
    const toggled = await answerJson(attendAction(args(jsonRequest(`/api/events/${event.id}/attend`, {}, { cookie: member.cookie }), params)));
    expect(toggled).toMatchObject({ status: 200, body: { going: true, going_count: 1 } });
  });

  it("is a 400 for a block that is not true or false, and nothing toggles", async () => {
    const member = await makeUser(unique("typeblock"));
    const other = await makeUser(unique("typeblocked"));
    const params = { username: other.username };
    for (const blocked of [1, "maybe", {}]) {
      const answerOf = await answerJson(blockAction(args(jsonRequest(`/api/users/x/block`, { blocked }, { cookie: member.cookie }), params)));
      expect(answerOf).toMatchObject({ status: 400, body: { error: "blocked must be true or false" } });
    }
    const toggled = await answerJson(blockAction(args(jsonRequest(`/api/users/x/block`, {}, { cookie: member.cookie }), params)));
    expect(toggled).toMatchObject({ status: 200, body: { blocked: true } });
  });

  it("is a 404 for a garage delete naming a list of cars, and no car goes", async () => {
    const member = await makeUser(unique("typegarage"));
    const car = await prisma.car.create({ data: { ownerId: member.id, make: "Mazda", model: "MX-5", year: 1990 } });
    const body = new URLSearchParams([
      ["intent", "delete"],
      ["carId", String(car.id)],
      ["carId", String(car.id)],
    ]);
    const request = rawRequest("/my-cars", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, cookie: member.cookie });
    const answerOf = await answerJson(garageAction(args(request)));
    expect(answerOf).toMatchObject({ status: 404, body: { error: "Car not found" } });
    expect(await prisma.car.count({ where: { id: car.id } })).toBe(1);
  });
});

describe("a model's refusal", () => {
  it("reaches a script as JSON and a plain form as a redirect back", async () => {
    const member = await makeUser(unique("selffollow"));
    const json = await answerJson(userFollowAction(args(jsonRequest("/api/users/x/follow", {}, { cookie: member.cookie }), { username: member.username })));
    expect(json).toMatchObject({ status: 400, body: { error: CANNOT_FOLLOW_YOURSELF } });
    const form = await answerJson(
      userFollowAction(args(formRequest("/api/users/x/follow", { redirectTo: userPath(member.username) }, { cookie: member.cookie }), { username: member.username })),
    );
    expect(form.status).toBe(303);
    expect(form.response.headers.get("Location")).toBe(userPath(member.username));
    expect(form.response.headers.get("Set-Cookie")).toBeTruthy();
  });
});
