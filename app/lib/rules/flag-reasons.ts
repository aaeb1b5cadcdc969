// Reporting content: reasons and answers. Shared by the server and the report forms, which
// are on every post card: no validation library here (the server's checks of a report are
// in flag-input.ts), so the first visit's JavaScript stays small.

export const FLAG_REASONS = [
  { value: "inappropriate", label: "Inappropriate content" },
  { value: "spam", label: "Spam" },
  { value: "misinformation", label: "Misinformation" },
  { value: "copyright", label: "Copyright violation" },
  { value: "wrong_car_depicted", label: "Wrong car depicted" },
  { value: "no_car_depicted", label: "No car depicted" },
  { value: "misleading_tags", label: "Misleading tags" },
  { value: "privacy_concern", label: "Privacy concern" },
  { value: "other", label: "Other" },
] as const;

export type FlagReason = (typeof FLAG_REASONS)[number]["value"];
export const FLAG_REASON_VALUES = FLAG_REASONS.map((reason) => reason.value) as [FlagReason, ...FlagReason[]];

export const FLAG_CONTENT_TYPES = ["post", "comment", "user", "car"] as const;
export type FlagContentType = (typeof FLAG_CONTENT_TYPES)[number];

export const FLAG_STATUSES = ["open", "dismissed", "removed"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** The report page of a piece of content, coming back to `back` (a path of this site) after. */
export function reportHref(contentType: FlagContentType, contentId: number, back: string): string {
  return `/report/${contentType}/${contentId}?${new URLSearchParams({ redirectTo: back })}`;
}

/** Optional details are at most this many characters. */
export const FLAG_DETAILS_MAX = 1000;

export const FLAG_MESSAGES = {
  signIn: "You must be logged in to report content",
  reasonRequired: "Please select a reason for flagging this content",
  invalid: "Invalid request data",
  notFound: "Content not found or may have been deleted",
  duplicate: "You have already reported this content",
  serverError: "Server error while processing your report. Please try again later.",
  network: "Network error. Please check your connection and try again.",
  unexpected: "An unexpected error occurred while submitting your report",
  success: "Thank you. Your report has been sent to our moderators.",
} as const;

export function reasonLabel(value: string): string {
  return FLAG_REASONS.find((reason) => reason.value === value)?.label ?? value;
}

export type FlagOutcome = { ok: true } | { ok: false; message: string };

/** The server's `error` text of a parsed body, if it has one. */
function serverMessage(body: unknown): string | null {
  if (typeof body === "object" && body !== null && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string" && error.trim() !== "") return error;
  }
  return null;
}

/**
 * What the Report Content modal shows for an answer of POST /api/flags/create.
 * `parsed` is false when the body could not be read as JSON. A 409 (already reported)
 * counts as success.
 */
export function flagOutcome(status: number, body: unknown, parsed = true): FlagOutcome {
  if ((status >= 200 && status < 300) || status === 409) return { ok: true };
  if (status === 401) return { ok: false, message: FLAG_MESSAGES.signIn };
  if (status === 404) return { ok: false, message: FLAG_MESSAGES.notFound };
  if (status === 500) return { ok: false, message: FLAG_MESSAGES.serverError };
  if (status === 400) return { ok: false, message: (parsed && serverMessage(body)) || FLAG_MESSAGES.invalid };
  if (!parsed) return { ok: false, message: `Server error (${status}). Please try again.` };
  return { ok: false, message: serverMessage(body) ?? `Server error (${status})` };
}

/**
 * What the Report Content modal shows for the JSON answer of POST /api/flags/create as a
 * fetcher gets it (without its status): `{ success: true }` is a report sent, and so is the
 * duplicate's `{ error: "You have already reported this content" }` (a 409); any other
 * `{ error }` (401, 400, 404, 429) is shown as it is.
 */
export function flagAnswer(data: unknown): FlagOutcome {
  const error = serverMessage(data);
  if (error === FLAG_MESSAGES.duplicate) return { ok: true };
  if (error !== null) return { ok: false, message: error };
  const success = typeof data === "object" && data !== null && (data as { success?: unknown }).success === true;
  return success ? { ok: true } : { ok: false, message: FLAG_MESSAGES.unexpected };
}
