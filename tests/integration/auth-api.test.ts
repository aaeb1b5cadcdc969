import { describe, expect, it } from "vitest";
import { action as login } from "~/routes/api.auth.login";
import { action as sessionAction, loader as sessionLoader } from "~/routes/api.auth.session";
import { action as register } from "~/routes/api.auth.register";
import { registerAccount } from "../support/accounts";
import { args, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";

describe("POST /api/auth/register", () => {
  it("creates the account lower-cased, signs in and answers user, session and autoLogin", async () => {
    const response = await registerAccount("Speedy_Sam", { email: "Sam@Example.COM" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      autoLogin: true,
      user: { username: "speedy_sam", email: "sam@example.com" },
    });
    expect(typeof body.message).toBe("string");
    expect(Date.parse(body.session.loginTime)).not.toBeNaN();

    const session = await sessionLoader(args(getRequest("/api/auth/session", { cookie: cookiesOf(response) })));
    expect(await (session as Response).json()).toMatchObject({ authenticated: true, user: { username: "speedy_sam" } });
  });

  it("refuses a taken username in any case and a taken email", async () => {
    await registerAccount("taken", { email: "taken@example.com" });
    const sameName = await registerAccount("TAKEN", { email: "other@example.com" });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toEqual({ success: false, error: "Username already taken. Please choose another one." });
    const sameEmail = await registerAccount("fresh", { email: "Taken@Example.com" });
    expect(sameEmail.status).toBe(409);
    expect((await sameEmail.json()).error).toBe("Email already registered. Please use another email or try logging in.");
  });

  it("checks the password length and the confirmation", async () => {
    const short = await registerAccount("shorty", { email: "short@example.com", password: "12345" });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");

    const mismatch = (await register(
      args(
        jsonRequest("/api/auth/register", {
          username: "mismatch",
          email: "mismatch@example.com",
          password: "secret1",
          confirmPassword: "secret2",
        }),
      ),
    )) as Response;
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toBe("Passwords do not match");
  });

  it("answers a plain form post with a redirect and keeps what was typed on failure", async () => {
    const failed = (await register(
      args(formRequest("/api/auth/register", { username: "x", email: "bad", password: "secret1", confirmPassword: "secret1", redirectTo: "/events" })),
    )) as Response;
    expect(failed.status).toBe(303);
    expect(failed.headers.get("Location")).toBe("/signup?redirectTo=%2Fevents");

    const ok = (await register(
      args(
        formRequest("/api/auth/register", {
          username: "formuser",
          email: "form@example.com",
          password: "secret1",
          confirmPassword: "secret1",
          redirectTo: "/events",
        }),
      ),
    )) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/events");
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in by username in any case or by email, with a new session id each time", async () => {
    await registerAccount("driver", { email: "driver@example.com" });
    const byName = (await login(args(jsonRequest("/api/auth/login", { email: "DrIvEr", password: "secret1" })))) as Response;
    expect(byName.status).toBe(200);
    expect((await byName.json()).user).toMatchObject({ username: "driver", email: "driver@example.com" });

    const byEmail = (await login(args(jsonRequest("/api/auth/login", { email: "DRIVER@example.com", password: "secret1" }, { cookie: cookiesOf(byName) })))) as Response;
    expect(byEmail.status).toBe(200);
    expect(cookiesOf(byEmail)).not.toBe(cookiesOf(byName));

    // The earlier session ended when the new one started.
    const old = await sessionLoader(args(getRequest("/api/auth/session", { cookie: cookiesOf(byName) })));
    expect((await (old as Response).json()).authenticated).toBe(false);
  });

  it("says which part was wrong in its fixed messages", async () => {
    await registerAccount("racer", { email: "racer@example.com" });
    const unknownName = (await login(args(jsonRequest("/api/auth/login", { email: "nobody", password: "secret1" })))) as Response;
    expect(unknownName.status).toBe(401);
    expect(await unknownName.json()).toEqual({ error: "Username not found. Please try using your email address." });

    const wrong = (await login(args(jsonRequest("/api/auth/login", { email: "racer", password: "wrong-password" })))) as Response;
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("Invalid email/username or password. Please try again.");
  });

  it("answers malformed JSON with 400 and a foreign origin with 403", async () => {
    const malformed = new Request("http://127.0.0.1:3000/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    const bad = await login(args(malformed)).catch((r: Response) => r);
    expect((bad as Response).status).toBe(400);
    expect(await (bad as Response).json()).toEqual({ error: "Malformed JSON body" });

    const foreign = jsonRequest("/api/auth/login", { email: "a", password: "b" }, { headers: { Origin: "http://evil.example" } });
    const refused = await login(args(foreign)).catch((r: Response) => r);
    expect((refused as Response).status).toBe(403);
  });

  it("refuses bodies over the limit with 413", async () => {
    const huge = jsonRequest("/api/auth/login", { email: "x".repeat(2 * 1024 * 1024), password: "b" });
    const refused = await login(args(huge)).catch((r: Response) => r);
    expect((refused as Response).status).toBe(413);
  });
});

describe("sessions", () => {
  it("DELETE /api/auth/session signs out and the cookie no longer works", async () => {
    const created = await registerAccount("leaver", { email: "leaver@example.com" });
    const cookie = cookiesOf(created);
    const out = (await sessionAction(args(new Request("http://127.0.0.1:3000/api/auth/session", { method: "DELETE", headers: { Cookie: cookie } })))) as Response;
    expect(out.status).toBe(200);
    const after = await sessionLoader(args(getRequest("/api/auth/session", { cookie })));
    expect(await (after as Response).json()).toEqual({ authenticated: false, user: null });
  });
});

describe("sign-in limits", () => {
  it("answers 429 with Retry-After after ten failed tries on one account", async () => {
    await registerAccount("target", { email: "target@example.com" });
    for (let i = 0; i < 10; i++) {
      const wrong = (await login(args(jsonRequest("/api/auth/login", { email: "target", password: "nope-nope" })))) as Response;
      expect(wrong.status).toBe(401);
    }
    const limited = (await login(args(jsonRequest("/api/auth/login", { email: "TARGET", password: "secret1" })))) as Response;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/^Too many attempts/);
  });
});
