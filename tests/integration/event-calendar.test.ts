// Events in calendars and with cover photos: one event's .ics file and the /events.ics feed,
// read back by a real iCalendar parser (ical.js); the Google Calendar and Outlook.com links;
// and a cover photo uploaded with the event form, stored without EXIF or GPS and shown on
// the event's page and in the list.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { readMedia, statMedia } from "~/lib/media/media-storage.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as createAction } from "~/routes/api.events";
import { action as eventAction } from "~/routes/api.events.$id";
import { loader as icsLoader } from "~/routes/events.$id_.calendar[.]ics";
import { loader as feedLoader } from "~/routes/events[.]ics";
import { loader as eventsPageLoader } from "~/routes/events._index";
import { makeUser } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { exiftool } from "../support/media";
import { answer, args, getRequest, jsonRequest, multipartRequest } from "../support/requests";
import { eventIcsPath, eventPath } from "~/lib/paths";

beforeEach(() => resetRateLimits());

const ORIGIN = "http://127.0.0.1:3000";
const DAY = 24 * 60 * 60 * 1000;
/** A time `days` from now, in whole seconds (what iCalendar carries). */
const inDays = (days: number) => new Date(Math.floor((Date.now() + days * DAY) / 1000) * 1000);

type ParsedEvent = { uid: string; summary: string; start: string; end: string; location: string; url: string | null; description: string; stamp: string | null };

/** Every VEVENT of an iCalendar text, as ical.js reads it. */
function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      url: String(component.getFirstPropertyValue("url") ?? "") || null,
      description: event.description,
      stamp: component.getFirstPropertyValue("dtstamp")?.toString() ?? null,
    };
  });
  return { calendar, events };
}

async function eventIcs(id: number) {
  return answer(icsLoader(args(getRequest(eventIcsPath(id)), { id: String(id) })));
}

async function feed() {
  return answer(feedLoader(args(getRequest("/events.ics"))));
}

describe("GET /events/{id}/calendar.ics", () => {
  it("is one VEVENT a real parser reads: summary, start in UTC, location, the page's URL, and a stable UID", async () => {
    const start = new Date(Date.UTC(2031, 5, 14, 9, 30));
    const long = "Bring your own coffee; we bring the cars, the cones, and a \\ backslash. ".repeat(4).trim();
    const event = await prisma.event.create({
      data: { name: "Cars, Coffee; and ☕ Croissants", dateTime: start, location: "Pier 3, Harbour Car Park", description: `${long}\nSecond line` },
    });
    const response = await eventIcs(event.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain(`event-${event.id}.ics`);
    const text = await response.text();

    // Lines end with CRLF and are folded to at most 75 octets.
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /); // the long description was folded

    const { calendar, events } = parseCalendar(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(events).toHaveLength(1);
    const [parsed] = events;
    expect(parsed.summary).toBe("Cars, Coffee; and ☕ Croissants");
    expect(parsed.start).toBe(start.toISOString());
    expect(text).toContain("DTSTART:20310614T093000Z");
    expect(parsed.end).toBe(new Date(start.getTime() + 2 * 3_600_000).toISOString());
    expect(parsed.location).toBe("Pier 3, Harbour Car Park");
    expect(parsed.url).toBe(`${ORIGIN}/events/${event.id}`);
    expect(parsed.description).toBe(`${long}\nSecond line\n\n${ORIGIN}/events/${event.id}`);
    expect(parsed.stamp).not.toBeNull();
    expect(parsed.uid).toBe(`event-${event.id}@127.0.0.1:3000`);

    // The same UID on every download and in the feed, even after the event changes.
    await prisma.event.update({ where: { id: event.id }, data: { name: "Renamed meet" } });
    const again = parseCalendar(await (await eventIcs(event.id)).text()).events[0];
    expect(again.uid).toBe(parsed.uid);
    expect(again.summary).toBe("Renamed meet");
    const inFeed = parseCalendar(await (await feed()).text()).events.find((item) => item.summary === "Renamed meet");
    expect(inFeed?.uid).toBe(parsed.uid);
  });

  it("answers 404 for an event that does not exist", async () => {
    const response = await eventIcs(99_999_999);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Event not found", status: 404 });
  });
});

describe("GET /events.ics", () => {
  it("is a calendar to subscribe to: the upcoming events, named, with a refresh hint and cache headers", async () => {
    await prisma.event.deleteMany();
    const soon = await prisma.event.create({ data: { name: "Sunday drive", dateTime: inDays(3), location: "Box Hill" } });
    const later = await prisma.event.create({ data: { name: "Track day", dateTime: inDays(30) } });
    const response = await feed();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const { calendar, events } = parseCalendar(await response.text());
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Car Social events");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
    expect(events.map((event) => [event.summary, event.url, event.start])).toEqual([
      ["Sunday drive", `${ORIGIN}/events/${soon.id}`, soon.dateTime.toISOString()],
      ["Track day", `${ORIGIN}/events/${later.id}`, later.dateTime.toISOString()],
    ]);
    expect(events[0].location).toBe("Box Hill");
  });

  it("is offered on the events page as a webcal:// subscription", async () => {
    const loaded = await answer<{ feed: { url: string; webcal: string } }>(eventsPageLoader(args(getRequest("/events"))));
    expect(loaded.feed).toEqual({ url: `${ORIGIN}/events.ics`, webcal: "webcal://127.0.0.1:3000/events.ics" });
  });
});

describe("the event page's Add to calendar", () => {
  it("links the .ics file, Google Calendar and Outlook.com with the event filled in", async () => {
    const start = new Date(Date.UTC(2031, 0, 2, 18, 0));
    const event = await prisma.event.create({ data: { name: "Night run", dateTime: start, location: "Mulholland", description: "Slow and quiet" } });
    const markup = await pageHtml(eventPath(event.id));
    expect(markup).toContain("Add to calendar");
    expect(markup).toContain(`href="/events/${event.id}/calendar.ics"`);
    const links = [...markup.matchAll(/href="(https:\/\/[^"]+)"/g)].map((match) => new URL(match[1].replace(/&amp;/g, "&")));
    const google = links.find((url) => url.hostname === "calendar.google.com");
    expect(google?.searchParams.get("action")).toBe("TEMPLATE");
    expect(google?.searchParams.get("text")).toBe("Night run");
    expect(google?.searchParams.get("dates")).toBe("20310102T180000Z/20310102T200000Z");
    expect(google?.searchParams.get("location")).toBe("Mulholland");
    expect(google?.searchParams.get("details")).toBe(`Slow and quiet\n\n${app.origin}/events/${event.id}`);
    const outlook = links.find((url) => url.hostname === "outlook.live.com");
    expect(outlook?.searchParams.get("subject")).toBe("Night run");
    expect(outlook?.searchParams.get("startdt")).toBe("2031-01-02T18:00:00Z");
    expect(outlook?.searchParams.get("enddt")).toBe("2031-01-02T20:00:00Z");
    expect(outlook?.searchParams.get("location")).toBe("Mulholland");
  });
});

/** A phone photo: EXIF with the camera and GPS. */
async function phoneJpeg() {
  return sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#2a6" } })
    .jpeg({ quality: 90 })
    .withExifMerge({
      IFD0: { Make: "PhoneCam", Model: "Pro Max" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

async function tagsOf(key: string): Promise<Record<string, unknown>> {
  const bytes = await readMedia(key);
  expect(bytes).not.toBeNull();
  const file = path.join(await mkdtemp(path.join(tmpdir(), "event-cover-")), "cover.webp");
  await writeFile(file, bytes!);
  return exiftool(file);
}

let app: RunningApp;

beforeAll(async () => {
  app = await serveApp(await sourceBuild(["routes/events.$id", "routes/events._index"]));
});

afterAll(async () => {
  await app.close();
});

/** A page's HTML as a browser gets it. */
async function pageHtml(pathname: string): Promise<string> {
  const response = await fetch(app.origin + pathname);
  expect(response.status).toBe(200);
  return response.text();
}

describe("an event's cover photo", () => {
  it("is uploaded with the event form, stored as WebP without EXIF or GPS, and shown on the page and in the list", async () => {
    const admin = await makeUser("cover_admin", "admin");
    const photo = new Uint8Array(await phoneJpeg());
    expect(
      JSON.stringify(
        await sharp(photo)
          .metadata()
          .then((meta) => meta.exif?.toString("latin1")),
      ),
    ).toContain("PhoneCam");
    const created = await answer(
      createAction(
        args(
          multipartRequest(
            "/api/events",
            [
              ["name", "Cover meet"],
              ["date_time", new Date(Date.now() + 5 * DAY).toISOString()],
              ["cover", photo, "IMG_0001.jpg", "image/jpeg"],
            ],
            { cookie: admin.cookie },
          ),
        ),
      ),
    );
    expect(created.status).toBe(201);
    const { event } = await created.json();
    expect(event.cover.url).toMatch(/^\/media\/events\/.+\.webp$/);
    expect(event.cover.srcset).toContain("640w");
    const key = event.cover.url.slice("/media/".length);
    const tags = await tagsOf(key);
    expect(tags["File:FileType"]).toBe("WEBP");
    expect(Object.keys(tags).filter((tag) => !tag.startsWith("ExifTool:") && /GPS|Make|Model|^EXIF|^IFD/i.test(tag))).toEqual([]);

    const page = await pageHtml(eventPath(event.id));
    expect(page).toContain("event-detail__banner--photo");
    expect(page).toContain(`src="${event.cover.url}"`);
    expect(await pageHtml("/events")).toContain(`src="${event.cover.url}"`);

    // Replacing it deletes the old files; removing it brings back the plain banner.
    const replaced = await answer(
      eventAction(
        args(
          multipartRequest(
            `/api/events/${event.id}`,
            [
              ["intent", "update"],
              ["cover", photo, "again.jpg", "image/jpeg"],
            ],
            { cookie: admin.cookie },
          ),
          { id: String(event.id) },
        ),
      ),
    );
    expect(replaced.status).toBe(200);
    const next = (await replaced.json()).event.cover.url as string;
    expect(next).not.toBe(event.cover.url);
    expect(await statMedia(key)).toBeNull();
    const removed = await answer(
      eventAction(args(jsonRequest(`/api/events/${event.id}`, { remove_cover: true }, { method: "PATCH", cookie: admin.cookie }), { id: String(event.id) })),
    );
    expect((await removed.json()).event.cover).toBeNull();
    expect(await statMedia(next.slice("/media/".length))).toBeNull();
    const plain = await pageHtml(eventPath(event.id));
    expect(plain).not.toContain("event-detail__banner--photo");
    expect(plain).toContain("event-detail__banner");
  });

  it("must be a photo: a video or other file is refused with a clear message and nothing changes", async () => {
    const admin = await makeUser("cover_admin2", "admin");
    const text = new TextEncoder().encode("not a photo at all");
    const refused = await answer(
      createAction(
        args(
          multipartRequest(
            "/api/events",
            [
              ["name", "No cover"],
              ["date_time", new Date(Date.now() + 5 * DAY).toISOString()],
              ["cover", text, "cover.jpg", "image/jpeg"],
            ],
            { cookie: admin.cookie },
          ),
        ),
      ),
    );
    expect(refused.status).toBe(415);
    expect((await refused.json()).error).toBe("The cover must be a photo (JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF)");
    expect(await prisma.event.count({ where: { name: "No cover" } })).toBe(0);
  });

  it("can only be set by an administrator", async () => {
    const member = await makeUser("cover_member");
    const event = await prisma.event.create({ data: { name: "Members' meet", dateTime: new Date(Date.now() + DAY) } });
    const photo = new Uint8Array(await phoneJpeg());
    const response = await answer(
      eventAction(args(multipartRequest(`/api/events/${event.id}`, [["cover", photo, "x.jpg", "image/jpeg"]], { cookie: member.cookie }), { id: String(event.id) })),
    );
    expect(response.status).toBe(403);
    expect((await prisma.event.findUniqueOrThrow({ where: { id: event.id } })).coverPath).toBeNull();
  });
});
