// Shared by the sign-in and sign-up endpoints for their plain form posts.
import type { ZodError } from "zod";

/** The first problem, as the one message the login modal shows. */
export function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid request data";
}

/** The same page with the login modal open in `mode`, for a form that failed. */
export function withLoginModal(path: string, mode: "signin" | "signup"): string {
  const url = new URL(path, "http://local");
  url.searchParams.set("login", mode);
  return url.pathname + url.search;
}

/** The page with the login modal's parameters removed, where a successful form goes. */
export function withoutLoginModal(path: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.delete("login");
  return url.pathname + url.search;
}
