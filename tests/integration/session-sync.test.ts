// POST /api/auth/validate-session (the browser's stored user against the server session) and
// POST /api/auth/refresh-session (a rolling session).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { action as validate } from "~/routes/api.auth.validate-session";
import { action as refresh } from "~/routes/api.auth.refresh-session";
import { resetRateLimits } from "~/models/rate-limit.server";
import { SESSION_LIFETIME, SESSION_USER_STORAGE_KEY } from "~/lib/constants";
import { readStoredSessionData } from "~/lib/client/session-user";
import { args, formRequest, jsonRequest } from "../support/requests";
import { signUp } from "../support/accounts";

beforeEach(() => resetRateLimits());

async function validateWith(clientSessionData: unknown, cookie?: string) {
  const response = (await validate(args(jsonRequest("/api/auth/validate-session", { clientSessionData }, { cookie })))) as Response;
  expect(response.status).toBe(200);
  return response.json();
}

describe("POST /api/auth/validate-session", () => {
  it("valid when the stored user is the server session's user", async () => {
    const { cookie, user } = await signUp("insync");
    const body = await validateWith({ ...user, loginTime: new Date().toISOString() }, cookie);
    expect(body).toMatchObject({
      valid: true,
      syncRequired: false,
      action: null,
      serverSession: { id: user.id, email: user.email, username: "insync", loginTime: expect.any(String) },
    });
    expect(Date.parse(body.serverSession.loginTime)).not.toBeNaN();
  });

  it("tells the client to clear its stored user when the server has no session", async () => {
    const body = await validateWith({ id: 42, email: "gone@example.com", username: "gone", loginTime: "2024-01-01T00:00:00Z" });
    expect(body).toEqual({ valid: false, syncRequired: true, action: "clear_client_session", serverSession: null, expiresAt: null });
  });

  it("a visitor's check writes nothing to the database; a member's counts against the session limit", async () => {
    const before = await prisma.rateLimit.count();
    for (let i = 0; i < 3; i++) await validateWith(null);
    expect(await prisma.rateLimit.count()).toBe(before);
    const { cookie, user } = await signUp("counted");
    await validateWith({ ...user, loginTime: null }, cookie);
    const windows = await prisma.rateLimit.findMany({ where: { key: { startsWith: "session:" } } });
    expect(windows.map((window) => window.count)).toContain(1);
  });

  it("nothing to do when neither side has a session", async () => {
    const body = await validateWith(null);
    expect(body).toMatchObject({ valid: false, syncRequired: false, action: null, serverSession: null });
  });

  it("tells the client to sync from the server when it has no user stored", async () => {
    const { cookie, user } = await signUp("serverside");
    for (const nothing of [null, undefined, ""]) {
      expect(await validateWith(nothing, cookie)).toMatchObject({
        valid: false,
        syncRequired: true,
        action: "sync_from_server",
        serverSession: { id: user.id, username: "serverside" },
      });
    }
  });

  it("tells the client to clear a stored user that is not the server session's user", async () => {
    const { cookie, user } = await signUp("otherstored");
    expect(await validateWith({ id: user.id + 1000, email: "other@example.com", username: "other", loginTime: "" }, cookie)).toEqual({
      valid: false,
      syncRequired: true,
      action: "clear_client_session",
      serverSession: expect.objectContaining({ id: user.id, username: "otherstored" }),
      expiresAt: expect.any(String),
    });
  });

  it("refreshes a stored copy of the same user with an older username", async () => {
    const { cookie, user } = await signUp("renamed");
    expect(await validateWith({ ...user, username: "oldname", loginTime: "" }, cookie)).toMatchObject({
      valid: false,
      syncRequired: true,
      action: "sync_from_server",
      serverSession: { id: user.id, username: "renamed" },
    });
  });

  it("a session waiting for its two-factor code counts as no session", async () => {
    const { cookie, user } = await signUp("halfway");
    await prisma.user.update({ where: { id: user.id }, data: { totpEnabledAt: new Date() } });
    expect(await validateWith({ ...user, loginTime: "" }, cookie)).toMatchObject({ action: "clear_client_session", serverSession: null });
  });

  describe("a stored user that is present but malformed is cleared", () => {
    const user = { id: 7, email: "stored@example.com", username: "stored", loginTime: "2024-01-01T00:00:00Z" };
    const malformed: Array<[string, unknown]> = [
      ["id as text", { ...user, id: "7" }],
      ["id not a whole number", { ...user, id: 7.5 }],
      ["id zero", { ...user, id: 0 }],
      ["no id", { email: user.email, username: user.username, loginTime: user.loginTime }],
      ["loginTime as a number", { ...user, loginTime: 1_704_067_200_000 }],
      ["loginTime as an object", { ...user, loginTime: { at: user.loginTime } }],
      ["email as a number", { ...user, email: 42 }],
      ["no username", { id: user.id, email: user.email, loginTime: user.loginTime }],
      ["a number", 42],
      ["a list", [user]],
      ["text that is not JSON", "{not json"],
    ];

    for (const [name, clientSessionData] of malformed) {
      it(`${name}, without a server session`, async () => {
        expect(await validateWith(clientSessionData)).toEqual({
          valid: false,
          syncRequired: true,
          action: "clear_client_session",
          serverSession: null,
          expiresAt: null,
        });
      });
    }

    it("with a server session too, even when the id names the signed-in user", async () => {
      const { cookie, user: signedIn } = await signUp("malformed");
      const own = { ...signedIn, loginTime: new Date().toISOString() };
      for (const clientSessionData of [
        { ...own, id: String(own.id) },
        { ...own, loginTime: Date.now() },
        { ...own, username: null },
      ]) {
        expect(await validateWith(clientSessionData, cookie)).toMatchObject({
          valid: false,
          syncRequired: true,
          action: "clear_client_session",
          serverSession: { id: signedIn.id, username: "malformed" },
        });
      }
    });

    it("sent as a form field too", async () => {
      const request = formRequest("/api/auth/validate-session", { clientSessionData: JSON.stringify({ ...user, id: "7" }) });
      const body = await ((await validate(args(request))) as Response).json();
      expect(body).toMatchObject({ valid: false, syncRequired: true, action: "clear_client_session" });
    });
  });

  it("reads clientSessionData sent as a form field too", async () => {
    const { cookie, user } = await signUp("formsync");
    const request = formRequest("/api/auth/validate-session", { clientSessionData: JSON.stringify({ ...user, loginTime: "" }) }, { cookie });
    const body = await ((await validate(args(request))) as Response).json();
    expect(body).toMatchObject({ valid: true });
  });
});

// What the browser's session check sends is its stored copy as kept: a copy with a
// wrong-typed id or loginTime is still a stored user that matches no live session, so the
// answer tells the browser to clear it (not "nothing stored").
describe("the browser's stored copy, as the session check sends it", () => {
  const kept = new Map<string, string>();
  beforeEach(() => {
    kept.clear();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => kept.get(key) ?? null,
        setItem: (key: string, value: string) => void kept.set(key, value),
        removeItem: (key: string) => void kept.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function checkStored(stored: unknown, cookie?: string) {
    kept.set(SESSION_USER_STORAGE_KEY, JSON.stringify(stored));
    const request = formRequest("/api/auth/validate-session", { clientSessionData: readStoredSessionData() ?? "" }, { cookie });
    const response = (await validate(args(request))) as Response;
    expect(response.status).toBe(200);
    return response.json();
  }

  const CLEAR = { valid: false, syncRequired: true, action: "clear_client_session" };
  const wrongTypes = (user: { id: number; email: string; username: string }): Array<[string, unknown]> => [
    ["id as text", { ...user, id: String(user.id), loginTime: "2024-01-01T00:00:00Z" }],
    ["id not a whole number", { ...user, id: user.id + 0.5, loginTime: "2024-01-01T00:00:00Z" }],
    ["loginTime as a number", { ...user, loginTime: 1_704_067_200_000 }],
    ["loginTime as an object", { ...user, loginTime: { at: "2024-01-01T00:00:00Z" } }],
  ];

  for (const [name, stored] of wrongTypes({ id: 7, email: "kept@example.com", username: "kept" })) {
    it(`clears a stored user with ${name} when the server has no session`, async () => {
      expect(await checkStored(stored)).toEqual({ ...CLEAR, serverSession: null, expiresAt: null });
    });
  }

  it("clears a stored copy of the signed-in user whose id or loginTime has the wrong type", async () => {
    const { cookie, user } = await signUp("wrongtypes");
    for (const [, stored] of wrongTypes(user)) {
      expect(await checkStored(stored, cookie)).toMatchObject({ ...CLEAR, serverSession: { id: user.id, username: "wrongtypes" } });
    }
  });

  it("keeps a well-formed copy of the signed-in user", async () => {
    const { cookie, user } = await signUp("welltyped");
    expect(await checkStored({ ...user, loginTime: new Date().toISOString() }, cookie)).toMatchObject({ valid: true, action: null });
  });

  it("sends nothing when nothing is stored", async () => {
    expect(readStoredSessionData()).toBeNull();
  });
});

describe("POST /api/auth/refresh-session", () => {
  it("extends the session named by the cookie and answers the user", async () => {
    const { cookie, user } = await signUp("refresher");
    const row = await prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    await prisma.session.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });

    const response = (await refresh(args(jsonRequest("/api/auth/refresh-session", { refreshToken: "ignored", userId: user.id }, { cookie })))) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, user: { id: user.id, username: "refresher" } });
    expect(response.headers.get("Set-Cookie")).toContain("__session=");
    const after = await prisma.session.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME - 60_000);
  });

  it("answers 'Failed to refresh session' without a live session", async () => {
    const response = (await refresh(args(jsonRequest("/api/auth/refresh-session", {})))) as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: "Failed to refresh session" });
  });
});
