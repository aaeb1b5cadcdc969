import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TEXT_MESSAGES, normalizeText, textProblem } from "~/lib/rules/text-rules";
import { userText } from "~/lib/schemas/text-schemas";

const single = userText("Name").pipe(z.string().min(1, "Name is required").max(20, "Too long"));
const multi = userText("A comment", { multiline: true });

function messageOf(schema: z.ZodTypeAny, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0].message;
}

describe("the text rules", () => {
  it("keeps text trimmed, in NFC, with line breaks as \\n in multi-line text", () => {
    expect(single.parse("  Ren\u0065\u0301  ")).toBe("Ren\u00e9");
    expect(single.parse("Ren\u0065\u0301").length).toBe(4);
    expect(multi.parse(" first\r\nsecond\rthird\u2028fourth\t. ")).toBe("first\nsecond\nthird\nfourth\t.");
    expect(normalizeText(42)).toBe(42);
  });

  it("refuses every bidi control, with a clear message", () => {
    for (const char of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"]) {
      expect(textProblem(`abc${char}def`)).toBe("bidi");
      expect(messageOf(multi, `see ${char}gpj.exe`)).toBe("A comment cannot contain hidden characters that change the direction of the text");
    }
  });

  it("refuses control characters; multi-line text keeps line feeds and tabs", () => {
    expect(messageOf(single, "a\u0000b")).toBe("Name cannot contain line breaks or control characters");
    expect(messageOf(single, "a\nb")).toBe(TEXT_MESSAGES.control("Name"));
    expect(messageOf(single, "a\tb")).toBe(TEXT_MESSAGES.control("Name"));
    expect(messageOf(single, "a\u2028b")).toBe(TEXT_MESSAGES.control("Name"));
    expect(messageOf(multi, "a\u0007b")).toBe("A comment cannot contain control characters");
    expect(messageOf(multi, "a\u0085b")).toBe("A comment cannot contain control characters");
    expect(messageOf(multi, "a\u007fb")).toBe("A comment cannot contain control characters");
    expect(multi.parse("line one\n\tline two")).toBe("line one\n\tline two");
  });

  it("refuses text made only of invisible characters, but keeps them inside other text", () => {
    for (const invisible of ["\u200B", "\u200B\u200C\u200D", "\u2060", "\uFEFF\u200B", "\u00AD", "\u3164", "\u2800", " \u200B \u00A0"]) {
      expect(messageOf(multi, invisible)).toBe("A comment cannot be made only of invisible characters");
    }
    // A family emoji is joined by zero-width joiners.
    expect(multi.parse("Road trip \u{1F468}\u200D\u{1F469}\u200D\u{1F467}")).toBe("Road trip \u{1F468}\u200D\u{1F469}\u200D\u{1F467}");
    // Empty text is for the field's own rule.
    expect(messageOf(single, "   ")).toBe("Name is required");
  });

  it("leaves ordinary text in any script alone", () => {
    for (const text of ["Supra MK4", "スープラ", "مرسيدس", "Škoda Fabia", "911 🏁"]) expect(single.safeParse(text).success).toBe(true);
  });
});

describe("where the rules apply", () => {
  it("post stories, usernames and comments use them", async () => {
    const { parsePostFields } = await import("~/lib/schemas/post-schemas");
    const { usernameSchema } = await import("~/lib/schemas/auth-schemas");
    const { parseCommentInput } = await import("~/lib/schemas/comment-schemas");
    expect(parsePostFields({ story: "\u200B\u200B" })).toEqual({ ok: false, error: "The story cannot be made only of invisible characters" });
    expect(parsePostFields({ story: "Line one\r\nline two" })).toMatchObject({ ok: true, data: { story: "Line one\nline two" } });
    expect(messageOf(usernameSchema, "abc\u202Edef")).toBe("Username cannot contain hidden characters that change the direction of the text");
    expect(parseCommentInput({ postId: "1", content: "\u200B" })).toEqual({ ok: false, message: "A comment cannot be made only of invisible characters" });
  });
});
