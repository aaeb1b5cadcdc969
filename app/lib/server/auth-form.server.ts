// Shared by the sign-in and sign-up endpoints for their plain form posts.
import type { ZodError } from "zod";
import { authPageHref } from "~/lib/rules/login-links";

/** The first problem, as the one message the login modal shows. */
export function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid request data";
}

/**
 * Where a plain form post that failed goes: the sign-in page of `view` (form first, with the
 * flashed error), still coming back to `path` once signed in.
 */
export function signInPageFor(path: string, view: "signin" | "signup" | "reset" | "code", extra?: Record<string, string>): string {
  return authPageHref(view, path, extra);
}

/** The page with the login modal's parameters removed, where a successful form goes. */
export function withoutLoginModal(path: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.delete("login");
  return url.pathname + url.search;
}
