import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getEvent, listEvents } from "~/models/event-reads.server";
import { loader as eventLoader } from "~/routes/events.$id";
import { loader as adminLoader } from "~/routes/admin";
import { args, getRequest } from "../support/requests";

const now = new Date("2027-06-01T12:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

describe("events", () => {
  it("lists upcoming soonest first and past most recent first", async () => {
    await prisma.event.createMany({
      data: [
        { name: "Far meet", dateTime: at(30) },
        { name: "Next cruise", dateTime: at(2), location: "Harbour" },
        { name: "Old show", dateTime: at(-40) },
        { name: "Last week's track day", dateTime: at(-7) },
      ],
    });
    const { upcoming, past } = await listEvents({ now });
    expect(upcoming.map((event) => event.name)).toEqual(["Next cruise", "Far meet"]);
    expect(past.map((event) => event.name)).toEqual(["Last week's track day", "Old show"]);
    expect(upcoming[0]).toMatchObject({ location: "Harbour", goingCount: 0 });
    expect((await listEvents({ now, pastLimit: 0 })).past).toEqual([]);
  });

  it("finds one event and answers null for unknown or silly ids", async () => {
    const created = await prisma.event.create({ data: { name: "Sunday drive", dateTime: at(1) } });
    expect((await getEvent(created.id))?.name).toBe("Sunday drive");
    expect(await getEvent(999_999)).toBeNull();
    expect(await getEvent(-1)).toBeNull();
    expect(await getEvent(Number.NaN)).toBeNull();
  });

  it("the event page answers 404 for an unknown id", async () => {
    for (const id of ["999999", "abc", "1e3", "-4"]) {
      const thrown = await Promise.resolve(eventLoader(args(getRequest(`/events/${id}`), { id }))).catch((error) => error);
      // A missing event throws data(); an id that names none throws requireId's Response.
      expect(thrown instanceof Response ? thrown.status : thrown.init?.status).toBe(404);
    }
  });
});

describe("admin page", () => {
  it("answers 403 to a visitor", async () => {
    const thrown = await Promise.resolve(adminLoader(args(getRequest("/admin")))).catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(403);
    expect(await thrown.json()).toEqual({ error: "Administrators only", status: 403 });
  });
});
