import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as listNotifications } from "~/routes/api.notifications";
import { action as readOne } from "~/routes/api.notifications.$id.read";
import { action as readAll } from "~/routes/api.notifications.read-all";
import { setCarFollow, setUserFollow } from "~/models/follow.server";
import { remindInsuranceForCar, sendInsuranceReminders } from "~/models/insurance-notices.server";
import { subscribeNotifications } from "~/models/notification.server";
import { startInsuranceReminders, stopInsuranceReminders } from "~/models/insurance-reminders.server";
import { signUp } from "../support/accounts";
import { args, formRequest, getRequest, jsonRequest } from "../support/requests";

/** A member whose nickname is `nickname` (none unless given). */
async function member(username: string, nickname?: string) {
  const account = await signUp(username);
  await prisma.user.update({ where: { id: account.id }, data: { nickname: nickname ?? null } });
  return account;
}

async function feed(cookie: string, query = "") {
  const response = (await listNotifications(args(getRequest(`/api/notifications${query}`, { cookie })))) as Response;
  return response.json();
}

const DAY = 24 * 60 * 60 * 1000;

describe("follow notifications", () => {
  it("tells the owner once, with the follower's details, and never for your own car", async () => {
    const owner = await member("skyline_sam");
    const vince = await member("v8_vince", "Vince");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Nissan", model: "Skyline", year: 1999, trim: "GT-R", nickname: "Godzilla" } });
    const plain = await prisma.car.create({ data: { ownerId: owner.id, make: "Porsche", model: "911", trim: "GT3", year: 2022, nickname: "Unnamed" } });

    await setCarFollow(owner, car.id); // your own car: no notification
    expect((await feed(owner.cookie)).unread_count).toBe(0);

    await setCarFollow(vince, car.id);
    await setCarFollow(vince, car.id); // unfollow
    await setCarFollow(vince, car.id); // follow again: no second notification
    await setCarFollow(vince, plain.id);

    const body = await feed(owner.cookie);
    expect(body.unread_count).toBe(2);
    expect(body.notifications.map((n: { message: string }) => n.message)).toEqual(["v8_vince followed your 911 GT3", "v8_vince followed your Godzilla"]);
    expect(body.notifications[1]).toMatchObject({
      type: "car_follow",
      is_read: false,
      car_id: car.id,
      related_user_id: vince.id,
      related_user_username: "v8_vince",
      related_user_nickname: "Vince",
      related_user_profile_image: null,
      link: "/user/v8_vince",
    });
    expect(Date.parse(body.notifications[0].created_at)).not.toBeNaN();
    // The follower is told nothing.
    expect((await feed(vince.cookie)).notifications).toEqual([]);
  });

  it("user follows: one notification until read, none for refollows in between", async () => {
    const jess = await member("jdm_jess");
    const target = await member("target_tom");
    const events: number[] = [];
    const unsubscribe = subscribeNotifications((userId) => events.push(userId));

    await setUserFollow(jess, "target_tom");
    await setUserFollow(jess, "target_tom");
    await setUserFollow(jess, "target_tom");
    let body = await feed(target.cookie);
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({ type: "user_follow", message: "jdm_jess started following you", link: "/user/jdm_jess" });
    expect(events).toEqual([target.id]);

    // Once read, a new follow after an unfollow is news again.
    await readAll(args(jsonRequest("/api/notifications/read-all", {}, { cookie: target.cookie })));
    await setUserFollow(jess, "target_tom"); // unfollow
    await setUserFollow(jess, "target_tom"); // follow
    body = await feed(target.cookie);
    expect(body.notifications).toHaveLength(2);
    expect(body.unread_count).toBe(1);
    unsubscribe();
  });
});

describe("reading notifications", () => {
  it("lists newest first, limits to 50, counts unread, and answers ?limit=0 with the count only", async () => {
    const reader = await member("busy_reader");
    const fans = await prisma.user.createManyAndReturn({
      data: Array.from({ length: 55 }, (_, i) => ({ username: `fan_${i}`, email: `fan_${i}@example.com` })),
    });
    await prisma.notification.createMany({
      data: fans.map((fan, i) => ({
        userId: reader.id,
        type: "user_follow",
        message: `${fan.username} started following you`,
        relatedUserId: fan.id,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      })),
    });
    const body = await feed(reader.cookie);
    expect(body.notifications).toHaveLength(50);
    expect(body.unread_count).toBe(55);
    expect(body.notifications[0].message).toBe("fan_54 started following you");
    expect(await feed(reader.cookie, "?limit=0")).toEqual({ notifications: [], unread_count: 55 });

    const visitor = (await Promise.resolve(listNotifications(args(getRequest("/api/notifications")))).catch((e: unknown) => e)) as Response;
    expect(visitor.status).toBe(401);
  });

  it("a user cannot read or mark someone else's notifications", async () => {
    const owner = await member("private_pat");
    const snoop = await member("snoop_sid");
    const note = await prisma.notification.create({
      data: { userId: owner.id, type: "user_follow", message: "snoop_sid started following you", relatedUserId: snoop.id },
    });

    expect((await feed(snoop.cookie)).notifications).toEqual([]);
    const stranger = (await readOne(args(jsonRequest(`/api/notifications/${note.id}/read`, {}, { cookie: snoop.cookie }), { id: String(note.id) }))) as Response;
    expect(stranger.status).toBe(404);
    await readAll(args(jsonRequest("/api/notifications/read-all", {}, { cookie: snoop.cookie })));
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: note.id } })).readAt).toBeNull();

    const visitor = (await readOne(args(jsonRequest(`/api/notifications/${note.id}/read`, {}), { id: String(note.id) })).catch((e: unknown) => e)) as Response;
    expect(visitor.status).toBe(401);

    const mine = (await readOne(args(jsonRequest(`/api/notifications/${note.id}/read`, {}, { cookie: owner.cookie }), { id: String(note.id) }))) as Response;
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ notification: { id: note.id, is_read: true }, unread_count: 0 });
  });

  it("read-all answers 204, or a redirect for a plain form", async () => {
    const user = await member("tidy_tina");
    await prisma.notification.createMany({
      data: [1, 2, 3].map((i) => ({ userId: user.id, type: "insurance_expiration", message: `n${i}` })),
    });
    const response = (await readAll(args(jsonRequest("/api/notifications/read-all", {}, { cookie: user.cookie })))) as Response;
    expect(response.status).toBe(204);
    expect((await feed(user.cookie)).unread_count).toBe(0);

    const form = (await readAll(args(formRequest("/api/notifications/read-all", { redirectTo: "/notifications" }, { cookie: user.cookie })))) as Response;
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/notifications");
  });
});

describe("insurance reminders", () => {
  it("reminds once per expiry date, only within 30 days", async () => {
    const owner = await member("insured_ian");
    const now = new Date("2026-11-20T10:00:00Z");
    const soon = await prisma.car.create({
      data: { ownerId: owner.id, make: "Porsche", model: "911", trim: "GT3", year: 2022, insuranceExpiresAt: new Date("2026-12-03T00:00:00Z") },
    });
    await prisma.car.create({
      data: { ownerId: owner.id, make: "BMW", model: "M3", year: 2020, insuranceExpiresAt: new Date("2027-03-01T00:00:00Z") },
    });
    await prisma.car.create({
      data: { ownerId: owner.id, make: "Audi", model: "RS4", year: 2018, insuranceExpiresAt: new Date("2026-10-01T00:00:00Z") },
    });

    expect(await sendInsuranceReminders(now)).toBe(1);
    expect(await sendInsuranceReminders(now)).toBe(0);
    expect(await sendInsuranceReminders(new Date(now.getTime() + DAY))).toBe(0);
    expect(await remindInsuranceForCar(soon.id, now)).toBe(false);

    let body = await feed(owner.cookie);
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({
      type: "insurance_expiration",
      message: "Insurance for your 911 GT3 expires on 3 Dec",
      car_id: soon.id,
      related_user_id: null,
      related_user_username: null,
      link: "/my-cars",
    });
    expect((await prisma.car.findUniqueOrThrow({ where: { id: soon.id } })).insuranceNotifiedFor?.toISOString()).toBe("2026-12-03T00:00:00.000Z");

    // Renewed: a new expiry gets its own reminder when it comes within 30 days.
    await prisma.car.update({ where: { id: soon.id }, data: { insuranceExpiresAt: new Date("2027-12-03T00:00:00Z") } });
    expect(await sendInsuranceReminders(now)).toBe(0);
    expect(await sendInsuranceReminders(new Date("2027-11-10T00:00:00Z"))).toBe(1);
    body = await feed(owner.cookie);
    expect(body.notifications.map((n: { message: string }) => n.message)).toContain("Insurance for your 911 GT3 expires on 3 Dec");
    expect(body.unread_count).toBe(2);
  });

  it("starts once per process and checks at once", async () => {
    const owner = await member("timer_tara");
    await prisma.car.create({
      data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1995, insuranceExpiresAt: new Date(Date.now() + 5 * DAY) },
    });
    startInsuranceReminders();
    startInsuranceReminders();
    await expect.poll(async () => (await feed(owner.cookie)).unread_count).toBe(1);
    stopInsuranceReminders();
  });
});
