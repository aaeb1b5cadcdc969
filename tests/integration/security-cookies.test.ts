// Secure cookies behind TLS (issue 9): the session and flash cookies carry Secure when the
// request came over HTTPS, as a trusted proxy says (TRUST_PROXY=true and X-Forwarded-Proto:
// https) or as the operator says (COOKIE_SECURE=true); never on plain HTTP otherwise.
import { afterEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/models/rate-limit.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { action as sessionAction } from "~/routes/api.auth.session";
import { signUp } from "../support/accounts";
import { args, cookiesOf } from "../support/requests";

afterEach(async () => {
  delete process.env.TRUST_PROXY;
  delete process.env.COOKIE_SECURE;
  await resetRateLimits();
});

let counter = 0;

/** The answer to a new sign-up (a new member each time), sent with `headers`. */
async function signUpAnswer(headers: Record<string, string> = {}): Promise<Response> {
  counter += 1;
  return (await signUp(`cookie${counter}`, { headers })).response;
}

function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  expect(line).toBeDefined();
  return line!;
}

const attributes = (line: string) =>
  line
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax and not Secure on plain HTTP", async () => {
    const line = sessionCookie(await signUpAnswer());
    expect(attributes(line)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(attributes(line)).not.toContain("secure");
  });

  it("ignores X-Forwarded-Proto unless the proxy is trusted", async () => {
    expect(attributes(sessionCookie(await signUpAnswer({ "X-Forwarded-Proto": "https" })))).not.toContain("secure");
  });

  it("is Secure behind a trusted TLS proxy, and so is the cookie that ends the session", async () => {
    process.env.TRUST_PROXY = "true";
    const signedUp = await signUpAnswer({ "X-Forwarded-Proto": "https" });
    expect(attributes(sessionCookie(signedUp))).toContain("secure");
    expect(attributes(sessionCookie(await signUpAnswer({ "X-Forwarded-Proto": "http" })))).not.toContain("secure");

    const signOut = new Request("http://127.0.0.1:3000/api/auth/session", {
      method: "DELETE",
      headers: { Cookie: cookiesOf(signedUp), "X-Forwarded-Proto": "https" },
    });
    const ended = (await sessionAction(args(signOut))) as Response;
    expect(ended.status).toBe(200);
    expect(attributes(sessionCookie(ended))).toContain("secure");
  });

  it("is Secure everywhere with COOKIE_SECURE=true", async () => {
    process.env.COOKIE_SECURE = "true";
    expect(attributes(sessionCookie(await signUpAnswer()))).toContain("secure");
  });
});

describe("flash cookie", () => {
  it("follows the same rule", async () => {
    const toast = { toast: { type: "info" as const, message: "hello" } };
    const plain = await flashCookie(new Request("http://127.0.0.1:3000/", { headers: { "X-Forwarded-Proto": "https" } }), toast);
    expect(attributes(plain)).toEqual(expect.arrayContaining(["httponly", "samesite=lax"]));
    expect(attributes(plain)).not.toContain("secure");
    process.env.TRUST_PROXY = "true";
    const secure = await flashCookie(new Request("http://127.0.0.1:3000/", { headers: { "X-Forwarded-Proto": "https" } }), toast);
    expect(attributes(secure)).toContain("secure");
  });
});
