import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CURRENT_BUILD_FALLBACK } from "~/lib/constants";
import { currentBuild, VERSIONS } from "~/lib/rules/changelog";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as submit } from "~/routes/api.feedback.submit";
import { loader as versionJson } from "~/routes/[version.json]";
import { loader as checkEnv } from "~/routes/api.check-env";
import { answer, args, formRequest, jsonRequest } from "../support/requests";
import { makeUser } from "../support/accounts";

afterEach(() => resetRateLimits());

function send(fields: Record<string, unknown>, cookie?: string) {
  return answer(submit(args(jsonRequest("/api/feedback/submit", fields, { cookie }))));
}

describe("POST /api/feedback/submit", () => {
  it("stores feedback from a member, ignoring user_id in the body", async () => {
    const member = await makeUser();
    const other = await makeUser();
    const response = await send({ build_number: 3084, feedback_text: "  Love the dark theme ", rating: 5, user_id: other.id }, member.cookie);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ success: true });
    const row = await prisma.feedback.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({ userId: member.id, buildNumber: 3084, text: "Love the dark theme", rating: 5 });
  });

  it("accepts visitors with a null user and no rating", async () => {
    const member = await makeUser();
    const response = await send({ build_number: "3084", feedback_text: "From a visitor", rating: null, user_id: member.id });
    expect(response.status).toBe(201);
    const row = await prisma.feedback.findUniqueOrThrow({ where: { id: (await response.json()).id } });
    expect(row).toMatchObject({ userId: null, rating: null, buildNumber: 3084 });

    const form = await answer(submit(args(formRequest("/api/feedback/submit", { feedback_text: "form", rating: "", redirectTo: "/" }))));
    expect(form.status).toBe(303);
  });

  it("refuses blank text and a rating outside 1-5", async () => {
    const blank = await send({ feedback_text: "   ", rating: 3 });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: "Please enter your feedback", status: 400 });
    expect((await send({ rating: 3 })).status).toBe(400);
    for (const rating of [0, 6, 2.5, "five", true]) {
      const response = await send({ feedback_text: "ok", rating });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("Rating must be a whole number from 1 to 5");
    }
    for (const rating of [1, 5, "3"]) expect((await send({ feedback_text: "ok", rating })).status).toBe(201);
    expect((await send({ feedback_text: "ok", build_number: "abc" })).status).toBe(400);
  });

  it("limits members to 10 an hour with 429 and Retry-After", async () => {
    const member = await makeUser();
    for (let i = 0; i < 10; i++) expect((await send({ feedback_text: `note ${i}` }, member.cookie)).status).toBe(201);
    const limited = await send({ feedback_text: "again" }, member.cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("GET /version.json", () => {
  it("answers versions of date, changes and buildNumber, newest first", async () => {
    const response = await answer(versionJson());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Array.isArray(body.versions)).toBe(true);
    expect(body.versions.length).toBeGreaterThan(0);
    for (const entry of body.versions) {
      expect(Object.keys(entry).sort()).toEqual(["buildNumber", "changes", "date"]);
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isInteger(entry.buildNumber)).toBe(true);
      expect(entry.changes.length).toBeGreaterThan(0);
      for (const change of entry.changes) expect(typeof change).toBe("string");
    }
    const numbers = body.versions.map((entry: { buildNumber: number }) => entry.buildNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(currentBuild()).toBe(numbers[0]);
    expect(currentBuild([])).toBe(CURRENT_BUILD_FALLBACK);
    expect(VERSIONS[VERSIONS.length - 1].buildNumber).toBe(3081);
  });
});

describe("GET /api/check-env", () => {
  const names = ["DATABASE_URL", "SESSION_SECRET", "SMTP_URL", "SOUNDCLOUD_CLIENT_ID", "GOOGLE_CLIENT_ID", "ADMIN_EMAILS"];

  it("says which settings are present without their values", async () => {
    const saved = { ...process.env };
    process.env.SMTP_URL = "smtp://secret-user:secret-pass@mail.example";
    process.env.GOOGLE_CLIENT_ID = "   ";
    delete process.env.SOUNDCLOUD_CLIENT_ID;
    process.env.ADMIN_EMAILS = "boss@example.com";
    try {
      const response = await answer(checkEnv());
      expect(response.status).toBe(200);
      const text = await response.text();
      const body = JSON.parse(text);
      expect(Object.keys(body.settings).sort()).toEqual([...names].sort());
      expect(body.settings).toEqual({
        DATABASE_URL: true,
        SESSION_SECRET: true,
        SMTP_URL: true,
        SOUNDCLOUD_CLIENT_ID: false,
        GOOGLE_CLIENT_ID: false,
        ADMIN_EMAILS: true,
      });
      for (const name of names) {
        const value = process.env[name];
        if (value && value.trim()) expect(text).not.toContain(value);
      }
      expect(text).not.toContain("secret");
      expect(text).not.toContain("boss@");
    } finally {
      process.env = saved;
    }
  });

  it("is 404 in production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect((await answer(checkEnv())).status).toBe(404);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
