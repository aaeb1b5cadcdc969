// Events: listing order, search (including hostile input), administrators-only writes,
// attendance with one's own car, and the event page's detail.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { getEventDetail } from "~/models/event-page.server";
import { parseEventDate } from "~/models/event-writes.server";
import { action as createAction, loader as listLoader } from "~/routes/api.events";
import { action as eventAction, loader as eventLoader } from "~/routes/api.events.$id";
import { action as attendAction } from "~/routes/api.events.$id.attend";
import { answer, args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { makeUser, type TestUser } from "../support/accounts";
import { eventPath } from "~/lib/paths";

beforeEach(() => resetRateLimits());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

async function list(search?: string) {
  const path = search === undefined ? "/api/events" : `/api/events?search=${encodeURIComponent(search)}`;
  const response = await answer(listLoader(args(getRequest(path))));
  expect(response.status).toBe(200);
  return (await response.json()).events as Array<{ id: number; name: string; date_time: string; going_count: number; is_past: boolean }>;
}

function event(name: string, days: number, extra: { location?: string; description?: string } = {}) {
  return prisma.event.create({ data: { name, dateTime: inDays(days), ...extra } });
}

describe("GET /api/events", () => {
  it("lists upcoming soonest first, then past newest first, with the API fields", async () => {
    await prisma.event.deleteMany();
    await event("Past long ago", -30);
    await event("Next month", 30, { location: "Silverstone", description: "Track day" });
    await event("Yesterday", -1);
    await event("Tomorrow", 1);
    const events = await list();
    expect(events.map((e) => e.name)).toEqual(["Tomorrow", "Next month", "Yesterday", "Past long ago"]);
    expect(events[1]).toEqual({
      id: expect.any(Number),
      name: "Next month",
      date_time: expect.any(String),
      location: "Silverstone",
      description: "Track day",
      going_count: 0,
      is_past: false,
      created_by: null,
      cover: null,
    });
    expect(events[2].is_past).toBe(true);
  });

  it("searches name, place and description, case-insensitively, every word", async () => {
    await prisma.event.deleteMany();
    await event("Cars & Coffee", 3, { location: "Brooklands Museum" });
    await event("Night Run", 5, { description: "A drive through the HILLS" });
    await event("JDM meet", -2, { location: "Tokyo Bay" });
    expect((await list("coffee")).map((e) => e.name)).toEqual(["Cars & Coffee"]);
    expect((await list("BROOKLANDS")).map((e) => e.name)).toEqual(["Cars & Coffee"]);
    expect((await list("hills")).map((e) => e.name)).toEqual(["Night Run"]);
    expect((await list("jdm tokyo")).map((e) => e.name)).toEqual(["JDM meet"]);
    expect(await list("jdm hills")).toEqual([]);
    expect((await list("")).length).toBe(3);
    expect((await list("   ")).length).toBe(3);
  });

  it("takes %, _, backslashes and quotes literally and survives emoji and 5,000-character queries", async () => {
    await prisma.event.deleteMany();
    await event("100% Stock Show", 3);
    await event("Plain meet", 4);
    await event("a_b Rally", 5);
    await event("axb Rally", 6);
    await event("C:\\Garage night", 7);
    await event("O'Reilly's \"Drive\"", 8);
    await event("Emoji 🚗💨 cruise", 9);

    expect((await list("%")).map((e) => e.name)).toEqual(["100% Stock Show"]);
    expect((await list("_")).map((e) => e.name)).toEqual(["a_b Rally"]);
    expect((await list("a_b")).map((e) => e.name)).toEqual(["a_b Rally"]);
    expect((await list("\\")).map((e) => e.name)).toEqual(["C:\\Garage night"]);
    expect((await list("'")).map((e) => e.name)).toEqual(["O'Reilly's \"Drive\""]);
    expect((await list('"Drive"')).map((e) => e.name)).toEqual(["O'Reilly's \"Drive\""]);
    expect((await list("🚗")).map((e) => e.name)).toEqual(["Emoji 🚗💨 cruise"]);
    expect(await list("'; DROP TABLE events; --")).toEqual([]);
    expect(await list("x".repeat(5000))).toEqual([]);
    expect(await list("🚗".repeat(5000))).toEqual([]);
    expect((await list("%%%%")).length).toBe(0);
    expect(await prisma.event.count()).toBe(7);
  });
});

describe("administrators' writes", () => {
  let admin: TestUser;
  let member: TestUser;
  beforeEach(async () => {
    admin = await makeUser(`ev_admin_${Math.random().toString(36).slice(2, 8)}`, "admin");
    member = await makeUser(`ev_member_${Math.random().toString(36).slice(2, 8)}`);
  });

  it("creates, edits and deletes; members get 403 and visitors 401", async () => {
    const body = { name: "  Winter Meet  ", date_time: inDays(10).toISOString(), location: "Car park", description: "" };
    expect((await answer(createAction(args(jsonRequest("/api/events", body))))).status).toBe(401);
    const refused = await answer(createAction(args(jsonRequest("/api/events", body, { cookie: member.cookie }))));
    expect(refused.status).toBe(403);

    const created = await answer(createAction(args(jsonRequest("/api/events", body, { cookie: admin.cookie }))));
    expect(created.status).toBe(201);
    const { event: made } = await created.json();
    expect(made).toMatchObject({ name: "Winter Meet", location: "Car park", description: null, going_count: 0, created_by: admin.username });

    const params = { id: String(made.id) };
    const path = `/api/events/${made.id}`;
    const got = await answer(eventLoader(args(getRequest(path), params)));
    expect((await got.json()).event.name).toBe("Winter Meet");

    const patch = (cookie: string | undefined, fields: unknown) => answer(eventAction(args(jsonRequest(path, fields, { method: "PATCH", cookie }), params)));
    expect((await patch(member.cookie, { name: "Hijacked" })).status).toBe(403);
    const edited = await patch(admin.cookie, { name: "Winter Meet 2", location: null });
    expect(edited.status).toBe(200);
    expect((await edited.json()).event).toMatchObject({ name: "Winter Meet 2", location: null, description: null });
    expect((await patch(admin.cookie, { date_time: "not a date" })).status).toBe(400);
    expect((await patch(admin.cookie, { name: "" })).status).toBe(400);

    const del = (cookie?: string) =>
      answer(eventAction(args(new Request(`http://127.0.0.1:3000${path}`, { method: "DELETE", headers: cookie ? { Cookie: cookie } : {} }), params)));
    expect((await del(member.cookie)).status).toBe(403);
    expect((await del(admin.cookie)).status).toBe(204);
    expect((await del(admin.cookie)).status).toBe(404);
    expect((await answer(eventLoader(args(getRequest(path), params)))).status).toBe(404);
  });

  it("validates: name, a real date, lengths", async () => {
    const post = (fields: Record<string, unknown>) => answer(createAction(args(jsonRequest("/api/events", fields, { cookie: admin.cookie }))));
    expect((await post({ date_time: inDays(1).toISOString() })).status).toBe(400);
    expect((await post({ name: "No date" })).status).toBe(400);
    expect((await post({ name: "Bad date", date_time: "2026-02-31T10:00" })).status).toBe(400);
    expect((await post({ name: "x".repeat(121), date_time: inDays(1).toISOString() })).status).toBe(400);
    expect((await post({ name: "Long text", date_time: inDays(1).toISOString(), description: "y".repeat(5001) })).status).toBe(400);
    expect((await post({ name: ["a", "b"], date_time: inDays(1).toISOString() })).status).toBe(201);
  });

  it("works with plain form posts: datetime-local in the admin's zone, intent=delete", async () => {
    const created = await answer(
      createAction(
        args(formRequest("/api/events", { name: "Form meet", date_time: "2030-06-01T18:30", tz_offset: "-120", redirectTo: "/events" }, { cookie: admin.cookie })),
      ),
    );
    expect(created.status).toBe(303);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/events\/\d+$/);
    const id = Number(location.split("/").pop());
    const row = await prisma.event.findUniqueOrThrow({ where: { id } });
    // 18:30 at UTC+2 is 16:30 UTC.
    expect(row.dateTime.toISOString()).toBe("2030-06-01T16:30:00.000Z");

    const deleted = await answer(
      eventAction(args(formRequest(`/api/events/${id}`, { intent: "delete", redirectTo: eventPath(id) }, { cookie: admin.cookie }), { id: String(id) })),
    );
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/events");
    expect(await prisma.event.count({ where: { id } })).toBe(0);

    // A member's plain form post gets a toast, not a JSON page.
    const refused = await answer(
      createAction(args(formRequest("/api/events", { name: "x", date_time: "2030-01-01T10:00", redirectTo: "/events" }, { cookie: member.cookie }))),
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Set-Cookie")).toContain("__flash=");
  });

  it("parses dates strictly", () => {
    expect(parseEventDate("2030-01-02T03:04")?.toISOString()).toBe("2030-01-02T03:04:00.000Z");
    expect(parseEventDate("2030-01-02T03:04:05+02:00")?.toISOString()).toBe("2030-01-02T01:04:05.000Z");
    expect(parseEventDate("tomorrow")).toBeNull();
    expect(parseEventDate("1800-01-01T00:00")).toBeNull();
    expect(parseEventDate("2030-13-01T00:00")).toBeNull();
  });
});

describe("attendance", () => {
  it("toggles going, with your own car only, and counts", async () => {
    const ann = await makeUser("at_ann");
    const ben = await makeUser("at_ben");
    const annCar = await prisma.car.create({ data: { ownerId: ann.id, make: "Mazda", model: "MX-5", year: 1990 } });
    const annCar2 = await prisma.car.create({ data: { ownerId: ann.id, make: "Honda", model: "S2000", year: 2001 } });
    const benCar = await prisma.car.create({ data: { ownerId: ben.id, make: "BMW", model: "M3", year: 2004 } });
    const meet = await event("Roadster day", 7);
    const params = { id: String(meet.id) };
    const attend = async (who: TestUser | null, fields: Record<string, unknown> = {}) => {
      const response = await answer(attendAction(args(jsonRequest(`/api/events/${meet.id}/attend`, fields, { cookie: who?.cookie }), params)));
      return { status: response.status, body: await response.json() };
    };

    expect((await attend(null)).status).toBe(401);
    expect((await attend(ann, { carId: benCar.id })).status).toBe(403);
    expect((await attend(ann, { carId: "abc" })).status).toBe(400);
    expect((await attend(ann, { carId: annCar.id })).body).toEqual({ going: true, going_count: 1, car_id: annCar.id });
    // Another of her cars switches the car and keeps her going.
    expect((await attend(ann, { carId: annCar2.id })).body).toEqual({ going: true, going_count: 1, car_id: annCar2.id });
    expect((await attend(ben)).body).toEqual({ going: true, going_count: 2, car_id: null });
    expect((await list()).find((e) => e.id === meet.id)?.going_count).toBe(2);
    // Toggle off.
    expect((await attend(ben)).body).toEqual({ going: false, going_count: 1, car_id: null });
    // Explicit states do not toggle.
    expect((await attend(ann, { going: true })).body).toEqual({ going: true, going_count: 1, car_id: annCar2.id });
    expect((await attend(ben, { going: false })).body).toEqual({ going: false, going_count: 1, car_id: null });

    const unknown = await answer(attendAction(args(jsonRequest("/api/events/999999/attend", {}, { cookie: ann.cookie }), { id: "999999" })));
    expect(unknown.status).toBe(404);

    const past = await event("Last year", -300);
    const late = await answer(attendAction(args(jsonRequest(`/api/events/${past.id}/attend`, {}, { cookie: ann.cookie }), { id: String(past.id) })));
    expect(late.status).toBe(400);
  });

  it("gives the event page attendees with their car and the car's newest post", async () => {
    const owner = await makeUser("ed_owner");
    const viewer = await makeUser("ed_viewer");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Porsche", model: "911", year: 1973, nickname: "Orange" } });
    const older = await prisma.post.create({ data: { createdById: owner.id, story: "older post", postCars: { create: { carId: car.id } } } });
    const newer = await prisma.post.create({ data: { createdById: owner.id, story: "newest post", postCars: { create: { carId: car.id } } } });
    await prisma.media.create({
      data: { postId: newer.id, uploaderId: owner.id, kind: "image", path: "ab/cd/cover.webp", mimeType: "image/webp", bytes: 10, variants: "320,640" },
    });
    const meet = await event("Porsche breakfast", 2);
    await prisma.eventAttendee.create({ data: { eventId: meet.id, userId: owner.id, carId: car.id } });
    await prisma.eventAttendee.create({ data: { eventId: meet.id, userId: viewer.id } });

    const detail = await getEventDetail(meet.id, viewer.id);
    expect(detail?.event).toMatchObject({ name: "Porsche breakfast", going_count: 2 });
    expect(detail?.attendees).toHaveLength(2);
    expect(detail?.attendees[0]).toMatchObject({
      user: { username: "ed_owner" },
      car: { id: car.id, nickname: "Orange" },
      newest_post: { id: newer.id, story: "newest post", cover_image: "/media/ab/cd/cover-w320.webp", media_count: 1 },
    });
    expect(detail?.attendees[1]).toMatchObject({ user: { username: "ed_viewer" }, car: null, newest_post: null });
    expect(detail?.viewer).toEqual({ going: true, car_id: null, cars: [] });
    expect(older.id).toBeLessThan(newer.id);

    const asVisitor = await getEventDetail(meet.id, null);
    expect(asVisitor?.viewer).toBeNull();
    expect(await getEventDetail(987654, null)).toBeNull();
  });
});
