// The Admin Area's words: log entries, ratings, tabs and links; and the event form's
// datetime-local value.
import { describe, expect, it } from "vitest";
import { adminHref, contentLabel, describeAction, parseTab, plural, ratingText } from "~/components/admin/admin-text";
import { toDateTimeLocal } from "~/components/events/EventForm";

const entry = (action: string, contentType: string | null, contentId: number | null, target: string | null = null) => ({
  action,
  content_type: contentType,
  content_id: contentId,
  moderator: { username: "admin" },
  target_user: target ? { username: target } : null,
});

describe("describeAction", () => {
  it("says what was done to what, and to whom", () => {
    expect(describeAction(entry("dismiss", "post", 12))).toBe("dismissed the reports on post #12");
    expect(describeAction(entry("remove", "comment", 3, "jess"))).toBe("removed comment #3 by @jess");
    expect(describeAction(entry("remove", "user", 7, "spammer"))).toBe("suspended @spammer after reports");
    expect(describeAction(entry("suspend", "post", 12, "jess"))).toBe("suspended @jess (reported post #12)");
    expect(describeAction(entry("suspend", "user", 7, "jess"))).toBe("suspended @jess");
    expect(describeAction(entry("unsuspend", "user", 7, "jess"))).toBe("lifted the suspension of @jess");
    expect(describeAction(entry("grant_admin", "user", 7, "jess"))).toBe("made @jess an administrator");
    expect(describeAction(entry("revoke_admin", "user", 7, "jess"))).toBe("removed the administrator role from @jess");
  });

  it("copes with missing pieces", () => {
    expect(describeAction(entry("remove", "car", 4))).toBe("removed car #4");
    expect(contentLabel("user", 5, null)).toBe("account #5");
    expect(contentLabel(null, null)).toBe("content");
  });
});

describe("small words", () => {
  it("reads ratings and counts", () => {
    expect(ratingText(null)).toBe("No ratings yet");
    expect(ratingText(4.25)).toBe("4.3 out of 5");
    expect(plural(1, "report")).toBe("1 report");
    expect(plural(3, "report")).toBe("3 reports");
  });

  it("parses tabs and builds links without empty values", () => {
    expect(parseTab("users")).toBe("users");
    expect(parseTab("nope")).toBe("queue");
    expect(parseTab(null)).toBe("queue");
    expect(adminHref("users", { q: "jess", cursor: null })).toBe("/admin?tab=users&q=jess");
    expect(adminHref("log", { cursor: 40, q: "" })).toBe("/admin?tab=log&cursor=40");
  });
});

describe("toDateTimeLocal", () => {
  it("gives the UTC wall time before hydration", () => {
    expect(toDateTimeLocal("2031-06-14T18:30:00.000Z", true)).toBe("2031-06-14T18:30");
    expect(toDateTimeLocal("not a date", true)).toBe("");
  });

  it("gives the local wall time after", () => {
    const iso = "2031-06-14T18:30:00.000Z";
    const date = new Date(iso);
    const local = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}T${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
    expect(toDateTimeLocal(iso, false)).toBe(local);
  });
});
