// POST /api/auth/validate-session and POST /api/auth/refresh-session: the browser's stored
// session user checked against the server session, and refreshing that session.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as register } from "~/routes/api.auth.register";
import { action as validate } from "~/routes/api.auth.validate-session";
import { action as refresh } from "~/routes/api.auth.refresh-session";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { SESSION_LIFETIME } from "~/lib/constants";
import { args, cookiesOf, formRequest, jsonRequest } from "../support/requests";

beforeEach(() => resetRateLimits());

async function signUp(username: string) {
  const response = (await register(
    args(jsonRequest("/api/auth/register", { username, email: `${username}@example.com`, password: "secret1" })),
  )) as Response;
  const body = await response.json();
  return { cookie: cookiesOf(response), user: body.user as { id: number; email: string; username: string } };
}

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

  it("nothing to do when neither side has a session", async () => {
    const body = await validateWith(null);
    expect(body).toMatchObject({ valid: false, syncRequired: false, action: null, serverSession: null });
  });

  it("tells the client to sync from the server when it has no or another user stored", async () => {
    const { cookie, user } = await signUp("serverside");
    expect(await validateWith(null, cookie)).toMatchObject({
      valid: false,
      syncRequired: true,
      action: "sync_from_server",
      serverSession: { id: user.id, username: "serverside" },
    });
    expect(await validateWith({ id: user.id + 1000, email: "other@example.com", username: "other", loginTime: "" }, cookie)).toMatchObject({
      action: "sync_from_server",
      serverSession: { id: user.id },
    });
  });

  it("a session waiting for its two-factor code counts as no session", async () => {
    const { cookie, user } = await signUp("halfway");
    await prisma.user.update({ where: { id: user.id }, data: { totpEnabledAt: new Date() } });
    expect(await validateWith({ ...user, loginTime: "" }, cookie)).toMatchObject({ action: "clear_client_session", serverSession: null });
  });

  it("reads clientSessionData sent as a form field too", async () => {
    const { cookie, user } = await signUp("formsync");
    const request = formRequest("/api/auth/validate-session", { clientSessionData: JSON.stringify({ ...user, loginTime: "" }) }, { cookie });
    const body = await ((await validate(args(request))) as Response).json();
    expect(body).toMatchObject({ valid: true });
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
