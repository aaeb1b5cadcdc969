import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as followCar, loader as carFollowState } from "~/routes/api.cars.$carId.follow";
import { loader as carFollowers } from "~/routes/api.cars.$carId.followers";
import { action as followUser, loader as userFollowState } from "~/routes/api.users.$username.follow";
import { getCarFollowerCounts, getUserFollowCounts } from "~/models/follow.server";
import { getShowcase } from "~/models/showcase.server";
import { signUp } from "../support/accounts";
import { args, callJson, formRequest, getRequest, jsonRequest } from "../support/requests";
import { showcasePath } from "~/lib/paths";

function carOf(ownerId: number, model = "Skyline") {
  return prisma.car.create({ data: { ownerId, make: "Nissan", model, year: 1999 } });
}

/** Whether `viewerId` follows the car and how many do, as its showcase shows them. */
async function followState(carId: number, viewerId: number | null) {
  return (await getShowcase(carId, viewerId))?.follow;
}

describe("car follows", () => {
  it("toggles, reports state and counts, and needs a signed-in user", async () => {
    const owner = await signUp("car_owner");
    const fan = await signUp("car_fan");
    const other = await signUp("car_other");
    const car = await carOf(owner.id);
    const params = { carId: String(car.id) };
    const path = `/api/cars/${car.id}/follow`;

    expect((await callJson(carFollowState, getRequest(path), params)).body).toEqual({ following: false });
    expect((await callJson(carFollowers, getRequest(`/api/cars/${car.id}/followers`), params)).body).toEqual({ count: 0 });

    const visitor = await callJson(followCar, jsonRequest(path, {}), params);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBeTruthy();

    expect((await callJson(followCar, jsonRequest(path, {}, { cookie: fan.cookie }), params)).body).toEqual({ following: true });
    expect((await callJson(followCar, jsonRequest(path, {}, { cookie: other.cookie }), params)).body).toEqual({ following: true });
    expect((await callJson(carFollowState, getRequest(path, { cookie: fan.cookie }), params)).body).toEqual({ following: true });
    expect((await callJson(carFollowers, getRequest(`/api/cars/${car.id}/followers`), params)).body).toEqual({ count: 2 });
    expect(await followState(car.id, fan.id)).toEqual({ following: true, count: 2 });
    expect(await followState(car.id, null)).toEqual({ following: false, count: 2 });

    // Toggle off.
    expect((await callJson(followCar, jsonRequest(path, {}, { cookie: fan.cookie }), params)).body).toEqual({ following: false });
    expect(await followState(car.id, fan.id)).toEqual({ following: false, count: 1 });

    // An explicit state does not toggle (the Follow Cars modal sends following=true).
    expect((await callJson(followCar, jsonRequest(path, { following: true }, { cookie: other.cookie }), params)).body).toEqual({
      following: true,
    });
    expect(await followState(car.id, other.id)).toEqual({ following: true, count: 1 });
    expect((await callJson(followCar, jsonRequest(path, { following: "maybe" }, { cookie: other.cookie }), params)).status).toBe(400);
  });

  it("answers 404 for a missing car", async () => {
    const fan = await signUp("lost_fan");
    for (const carId of ["999999", "abc", "-1"]) {
      const params = { carId };
      expect((await callJson(followCar, jsonRequest(`/api/cars/${carId}/follow`, {}, { cookie: fan.cookie }), params)).status).toBe(404);
      expect((await callJson(carFollowState, getRequest(`/api/cars/${carId}/follow`), params)).status).toBe(404);
      expect((await callJson(carFollowers, getRequest(`/api/cars/${carId}/followers`), params)).status).toBe(404);
    }
  });

  it("answers a plain form post with a redirect back, and sends visitors to the login modal", async () => {
    const owner = await signUp("form_owner");
    const fan = await signUp("form_fan");
    const car = await carOf(owner.id);
    const params = { carId: String(car.id) };
    const path = `/api/cars/${car.id}/follow`;

    const ok = (await followCar(args(formRequest(path, { redirectTo: showcasePath(car.id) }, { cookie: fan.cookie }), params))) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(showcasePath(car.id));
    expect((await followState(car.id, fan.id))?.following).toBe(true);

    const visitor = (await followCar(args(formRequest(path, { redirectTo: showcasePath(car.id) }), params))) as Response;
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=%2Fshowcase%2F${car.id}`);

    const foreign = (await followCar(args(jsonRequest(path, {}, { cookie: fan.cookie, headers: { Origin: "https://evil.example" } }), params)).catch(
      (error: unknown) => error,
    )) as Response;
    expect(foreign.status).toBe(403);
  });

  it("batches follower counts", async () => {
    const owner = await signUp("batch_owner");
    const fan = await signUp("batch_fan");
    const [a, b] = await Promise.all([carOf(owner.id, "A"), carOf(owner.id, "B")]);
    await prisma.carFollow.create({ data: { userId: fan.id, carId: a.id } });
    const counts = await getCarFollowerCounts([a.id, b.id]);
    expect(counts.get(a.id)).toBe(1);
    expect(counts.get(b.id)).toBe(0);
  });
});

describe("user follows", () => {
  it("toggles, counts both ways and refuses yourself", async () => {
    const alice = await signUp("alice_f");
    const bob = await signUp("bob_f");
    const path = "/api/users/alice_f/follow";
    const params = { username: "alice_f" };

    expect((await callJson(followUser, jsonRequest(path, {}), params)).status).toBe(401);
    expect((await callJson(followUser, jsonRequest(path, {}, { cookie: bob.cookie }), params)).body).toEqual({ following: true });
    expect(await getUserFollowCounts(alice.id)).toEqual({ followers: 1, following: 0 });
    expect(await getUserFollowCounts(bob.id)).toEqual({ followers: 0, following: 1 });
    expect((await callJson(userFollowState, getRequest(path, { cookie: bob.cookie }), params)).body).toEqual({
      following: true,
      followers: 1,
      following_count: 0,
    });

    // Case-insensitive names, toggling off.
    expect((await callJson(followUser, jsonRequest("/api/users/ALICE_F/follow", {}, { cookie: bob.cookie }), { username: "ALICE_F" })).body).toEqual({
      following: false,
    });
    expect(await getUserFollowCounts(alice.id)).toEqual({ followers: 0, following: 0 });

    const self = await callJson(followUser, jsonRequest(path, {}, { cookie: alice.cookie }), params);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: "You cannot follow yourself", status: 400 });

    const missing = await callJson(followUser, jsonRequest("/api/users/nobody_here/follow", {}, { cookie: bob.cookie }), { username: "nobody_here" });
    expect(missing.status).toBe(404);
  });
});
