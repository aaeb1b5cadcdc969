// What a fetcher's component is handed when an API route answers, refuses, throws or cannot
// be reached (the shared clientAction of every /api route).
import { describe, expect, it } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { SERVER_FAILED, UNREACHABLE, clientAction, errorOr, statusOf, isNewAnswer } from "~/lib/client/fetcher-answer";

function run(serverAction: () => Promise<unknown>) {
  return clientAction({ serverAction } as unknown as ClientActionFunctionArgs);
}

describe("clientAction", () => {
  it("hands over an answer as it is, a refusal's text included", async () => {
    await expect(run(async () => ({ liked: true }))).resolves.toEqual({ liked: true });
    await expect(run(async () => ({ error: "Post not found" }))).resolves.toEqual({ error: "Post not found" });
  });

  it("hands over what the server threw when it says something: a 404's text, a sign-in's two-factor step", async () => {
    await expect(run(() => Promise.reject(new ErrorResponse(404, "Not Found", { error: "Event not found" })))).resolves.toEqual({
      error: "Event not found",
      status: 404,
    });
    const twoFactor = { twoFactorRequired: true, redirectTo: "/two-factor" };
    await expect(run(() => Promise.reject(new ErrorResponse(200, "OK", twoFactor)))).resolves.toEqual(twoFactor);
  });

  it("turns a failure without a text into a failed answer, and no answer into 'could not reach'", async () => {
    await expect(run(() => Promise.reject(new ErrorResponse(500, "Internal Server Error", "boom")))).resolves.toEqual({ error: SERVER_FAILED, failed: true });
    await expect(run(() => Promise.reject(new SyntaxError("Unexpected token")))).resolves.toEqual({ error: SERVER_FAILED, failed: true });
    await expect(run(() => Promise.reject(new TypeError("Failed to fetch")))).resolves.toEqual({ error: UNREACHABLE, failed: true });
  });

  it("lets a redirect through for Remix to follow", async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: "/login" } });
    await expect(run(() => Promise.reject(redirect))).rejects.toBe(redirect);
  });
});

describe("statusOf", () => {
  it("reads a refusal's status from the answer, whatever its words: a 401 asks to sign in", async () => {
    expect(statusOf({ error: "Your session has ended", status: 401 })).toBe(401);
    expect(statusOf(await run(async () => ({ error: "Slow down", status: 429 })))).toBe(429);
    // A thrown answer whose body has no status gets the one it was thrown with.
    expect(statusOf(await run(() => Promise.reject(new ErrorResponse(401, "Unauthorized", { error: "Your session has ended" }))))).toBe(401);
  });

  it("is null for an answer that is no refusal, or a request the app never answered", async () => {
    expect(statusOf({ liked: true })).toBeNull();
    expect(statusOf(await run(() => Promise.reject(new TypeError("Failed to fetch"))))).toBeNull();
  });
});

describe("errorOr", () => {
  it("uses the app's refusal, and the component's own words for a failed request or no text", () => {
    expect(errorOr({ error: "Too many attempts. Please try again in 60 seconds." }, "Login failed")).toBe("Too many attempts. Please try again in 60 seconds.");
    expect(errorOr({ error: UNREACHABLE, failed: true }, "Login failed")).toBe("Login failed");
    expect(errorOr({}, "Login failed")).toBe("Login failed");
  });
});

describe("isNewAnswer: which fetcher answer a read takes", () => {
  const first = { mods: [{ car_id: 1 }] };
  const second = { mods: [{ car_id: 2 }] };

  it("takes an answer once the fetcher is idle again, and only once", () => {
    expect(isNewAnswer({ state: "idle", data: second }, first)).toBe(true);
    expect(isNewAnswer({ state: "idle", data: second }, second)).toBe(false);
  });

  it("never takes the answer a loading fetcher still shows: it is the read before's", () => {
    // The first read's answer arrived just before the second read started: the fetcher now
    // loads the second address and still shows the first answer, which no read has taken.
    expect(isNewAnswer({ state: "loading", data: first }, undefined)).toBe(false);
    expect(isNewAnswer({ state: "submitting", data: first }, undefined)).toBe(false);
  });

  it("takes no empty answer", () => {
    expect(isNewAnswer({ state: "idle", data: undefined }, first)).toBe(false);
  });
});
