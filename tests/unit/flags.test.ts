import { afterEach, describe, expect, it, vi } from "vitest";
import { parseFlagInput } from "~/lib/flag-input";
import { FLAG_REASONS, flagFailure, flagOutcome, reasonLabel, submitFlag } from "~/lib/flag-reasons";

afterEach(() => vi.unstubAllGlobals());

describe("report reasons", () => {
  it("are these nine, each with a human label", () => {
    expect(FLAG_REASONS.map((reason) => reason.value)).toEqual([
      "inappropriate",
      "spam",
      "misinformation",
      "copyright",
      "wrong_car_depicted",
      "no_car_depicted",
      "misleading_tags",
      "privacy_concern",
      "other",
    ]);
    for (const reason of FLAG_REASONS) expect(reason.label).toMatch(/^[A-Z][a-z ]+$/);
    expect(reasonLabel("wrong_car_depicted")).toBe("Wrong car depicted");
  });
});

describe("parseFlagInput", () => {
  const base = { contentType: "post", contentId: "12", reason: "spam" };

  it("accepts a report and never reads reporterId", () => {
    expect(parseFlagInput({ ...base, details: "  buy now  ", reporterId: 99 })).toEqual({
      ok: true,
      value: { contentType: "post", contentId: 12, reason: "spam", details: "buy now" },
    });
    expect(parseFlagInput({ ...base, details: "   " })).toMatchObject({ ok: true, value: { details: null } });
    expect(parseFlagInput({ ...base, details: "x".repeat(1000) }).ok).toBe(true);
  });

  it("asks for a reason when it is missing or blank", () => {
    for (const reason of [undefined, null, "", "  "]) {
      expect(parseFlagInput({ ...base, reason })).toEqual({ ok: false, message: "Please select a reason for flagging this content" });
    }
  });

  it("calls anything else 'Invalid request data'", () => {
    for (const fields of [
      { ...base, contentType: "event" },
      { ...base, contentId: "0" },
      { ...base, contentId: "1.5" },
      { ...base, contentId: undefined },
      { ...base, reason: "ugly" },
      { ...base, details: "x".repeat(1001) },
      { ...base, details: 42 },
    ]) {
      expect(parseFlagInput(fields)).toEqual({ ok: false, message: "Invalid request data" });
    }
  });
});

describe("flagOutcome (the modal's message for each answer)", () => {
  it("counts 2xx and 409 as success", () => {
    expect(flagOutcome(201, { success: true })).toEqual({ ok: true });
    expect(flagOutcome(200, null, false)).toEqual({ ok: true });
    expect(flagOutcome(409, { error: "You have already reported this content" })).toEqual({ ok: true });
  });

  it("maps 401, 404 and 500 to fixed messages", () => {
    expect(flagOutcome(401, { error: "whatever" })).toEqual({ ok: false, message: "You must be logged in to report content" });
    expect(flagOutcome(404, { error: "whatever" })).toEqual({ ok: false, message: "Content not found or may have been deleted" });
    expect(flagOutcome(500, { error: "boom" })).toEqual({
      ok: false,
      message: "Server error while processing your report. Please try again later.",
    });
  });

  it("shows the server's message for 400, else 'Invalid request data'", () => {
    expect(flagOutcome(400, { error: "Please select a reason for flagging this content" })).toEqual({
      ok: false,
      message: "Please select a reason for flagging this content",
    });
    expect(flagOutcome(400, {})).toEqual({ ok: false, message: "Invalid request data" });
    expect(flagOutcome(400, { error: "" })).toEqual({ ok: false, message: "Invalid request data" });
    expect(flagOutcome(400, null, false)).toEqual({ ok: false, message: "Invalid request data" });
  });

  it("shows the server's message for other statuses, else 'Server error ({status})'", () => {
    expect(flagOutcome(429, { error: "Too many attempts. Please try again in 5 minutes." })).toEqual({
      ok: false,
      message: "Too many attempts. Please try again in 5 minutes.",
    });
    expect(flagOutcome(503, { message: "no error field" })).toEqual({ ok: false, message: "Server error (503)" });
    expect(flagOutcome(403, { error: 42 })).toEqual({ ok: false, message: "Server error (403)" });
  });

  it("says 'Server error ({status}). Please try again.' when the body cannot be read", () => {
    expect(flagOutcome(502, null, false)).toEqual({ ok: false, message: "Server error (502). Please try again." });
    expect(flagOutcome(429, null, false)).toEqual({ ok: false, message: "Server error (429). Please try again." });
  });
});

describe("flagFailure", () => {
  it("names network failures, and anything else as unexpected", () => {
    expect(flagFailure(new TypeError("Failed to fetch"))).toBe("Network error. Please check your connection and try again.");
    expect(flagFailure(new Error("odd"))).toBe("An unexpected error occurred while submitting your report");
    expect(flagFailure("odd")).toBe("An unexpected error occurred while submitting your report");
    vi.stubGlobal("navigator", { onLine: false });
    expect(flagFailure(new Error("odd"))).toBe("Network error. Please check your connection and try again.");
  });
});

describe("submitFlag", () => {
  const input = { contentType: "post" as const, contentId: 3, reason: "spam" };

  it("posts JSON and maps the answer", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: "dup" }), { status: 409 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await submitFlag(input)).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/flags/create");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual(input);
  });

  it("handles unreadable bodies, network failures and surprises", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>oops</html>", { status: 502 })));
    expect(await submitFlag(input)).toEqual({ ok: false, message: "Server error (502). Please try again." });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await submitFlag(input)).toEqual({ ok: false, message: "Network error. Please check your connection and try again." });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new Error("weird"))));
    expect(await submitFlag(input)).toEqual({ ok: false, message: "An unexpected error occurred while submitting your report" });
  });
});
