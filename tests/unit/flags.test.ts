import { afterEach, describe, expect, it, vi } from "vitest";
import { parseFlagInput } from "~/lib/schemas/flag-input";
import { FLAG_REASONS, flagAnswer, flagOutcome, reasonLabel } from "~/lib/rules/flag-reasons";

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

describe("flagAnswer (the modal's message for a fetcher's answer)", () => {
  it("counts a report sent and an already reported one as success", () => {
    expect(flagAnswer({ success: true, message: "Thank you. Your report has been sent to our moderators." })).toEqual({ ok: true });
    expect(flagAnswer({ error: "You have already reported this content" })).toEqual({ ok: true });
  });

  it("shows the server's message for every other error answer", () => {
    expect(flagAnswer({ error: "You must be logged in to report content" })).toEqual({ ok: false, message: "You must be logged in to report content" });
    expect(flagAnswer({ error: "Content not found or may have been deleted" })).toEqual({
      ok: false,
      message: "Content not found or may have been deleted",
    });
    expect(flagAnswer({ error: "Please select a reason for flagging this content" })).toEqual({
      ok: false,
      message: "Please select a reason for flagging this content",
    });
    expect(flagAnswer({ error: "Too many attempts. Please try again in 5 minutes." })).toEqual({
      ok: false,
      message: "Too many attempts. Please try again in 5 minutes.",
    });
  });

  it("calls anything else unexpected", () => {
    expect(flagAnswer(null)).toEqual({ ok: false, message: "An unexpected error occurred while submitting your report" });
    expect(flagAnswer({ error: "" })).toEqual({ ok: false, message: "An unexpected error occurred while submitting your report" });
  });
});
