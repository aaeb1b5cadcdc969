import { describe, expect, it } from "vitest";
import { MAX_TAGS_PER_POST, MAX_PARSED_CHARS, mentionsIn, normalizeTag, parseTextLinks, tagsIn, textLinksProblem } from "~/lib/rules/text-links";

describe("mentions", () => {
  it("finds @names in any case, once each, in the order written", () => {
    expect(mentionsIn("Thanks @Demo and @jdm_jess, see you @demo!")).toEqual(["demo", "jdm_jess"]);
    expect(mentionsIn("@v8.vince: nice")).toEqual(["v8.vince"]);
  });

  it("ends a name before the sentence's full stop and after opening punctuation", () => {
    expect(mentionsIn("Ask @bob. Or (@ann) or “@cara”")).toEqual(["bob", "ann", "cara"]);
  });

  it("leaves e-mail addresses, web addresses and code alone", () => {
    expect(mentionsIn("write to me@example.com or bob@x.io")).toEqual([]);
    expect(mentionsIn("https://example.com/@bob www.example.com/@ann")).toEqual([]);
    expect(mentionsIn("run `npm i @types/node` or @types/node or ```\n@decorator\n```")).toEqual([]);
    expect(mentionsIn("@bob@example.com and @media(print) and x@ann")).toEqual([]);
  });

  it("keeps the app's username rules: 3 to 30 of letters, digits, dots and underscores", () => {
    expect(mentionsIn("@ab @abc @" + "a".repeat(31))).toEqual(["abc"]);
    expect(mentionsIn("@élodie")).toEqual([]);
  });
});

describe("tags", () => {
  it("is one tag whatever the case, kept lowercased", () => {
    expect(tagsIn("#E30 and #e30 and #M3")).toEqual(["e30", "m3"]);
  });

  it("takes letters and digits of any script, _ and -", () => {
    expect(tagsIn("#日本車 #हिंदी #Ölwechsel #911 #track_day #jdm-life")).toEqual(["日本車", "हिंदी", "ölwechsel", "911", "track_day", "jdm-life"]);
  });

  it("keeps tags in NFC, so both spellings of é are one tag", () => {
    expect(tagsIn("#cafe\u0301 #caf\u00e9")).toEqual(["caf\u00e9"]);
  });

  it("leaves a lone #, a too-long run, C#, #a#b and web addresses as text", () => {
    expect(tagsIn("# alone, C#, #a#b")).toEqual([]);
    expect(tagsIn("#" + "a".repeat(51))).toEqual([]);
    expect(tagsIn("#" + "a".repeat(50))).toEqual(["a".repeat(50)]);
    expect(tagsIn("https://example.com/page#section www.example.com/#top `#define`")).toEqual([]);
  });

  it("stops at punctuation", () => {
    expect(parseTextLinks("Loving the #E30!")).toEqual([
      { kind: "text", text: "Loving the " },
      { kind: "tag", text: "#E30", tag: "e30" },
      { kind: "text", text: "!" },
    ]);
  });
});

describe("the whole text", () => {
  it("gives back every character, in order", () => {
    const text = "Hi @Demo, #E30 at https://x.test/#a — me@example.com `@x` #";
    const parts = parseTextLinks(text);
    expect(parts.map((part) => part.text).join("")).toBe(text);
    expect(parts.filter((part) => part.kind !== "text").map((part) => part.text)).toEqual(["@Demo", "#E30"]);
  });

  it("reads only the first MAX_PARSED_CHARS characters of a huge text, and keeps the rest as text", () => {
    const text = "@" + "a".repeat(MAX_PARSED_CHARS) + " @bob #tag";
    const parts = parseTextLinks(text);
    expect(parts.map((part) => part.text).join("")).toBe(text);
    expect(parts.every((part) => part.kind === "text")).toBe(true);
  });

  it("refuses too many tags in a story and too many mentions in a text", () => {
    const tags = Array.from({ length: MAX_TAGS_PER_POST + 1 }, (_, i) => `#t${i}`).join(" ");
    expect(textLinksProblem(tags, { label: "The story", tags: true })).toBe("A post can have at most 30 tags");
    expect(textLinksProblem(tags, { label: "A comment" })).toBeNull();
    const mentions = Array.from({ length: 51 }, (_, i) => `@member${i}`).join(" ");
    expect(textLinksProblem(mentions, { label: "A comment" })).toBe("A comment can mention at most 50 members");
  });

  it("reads a tag from an address", () => {
    expect(normalizeTag("#E30")).toBe("e30");
    expect(normalizeTag("e30")).toBe("e30");
    expect(normalizeTag("e 30")).toBeNull();
  });
});

describe("the @name being typed", () => {
  it("is found right before the caret, at the start of a word only", async () => {
    const { mentionAtCaret } = await import("~/components/text/MentionSuggestions");
    expect(mentionAtCaret("Thanks @De", 10)).toEqual({ start: 7, query: "de" });
    expect(mentionAtCaret("(@jess", 6)).toEqual({ start: 1, query: "jess" });
    expect(mentionAtCaret("me@exam", 7)).toBeNull();
    expect(mentionAtCaret("Thanks @De and more", 19)).toBeNull();
    expect(mentionAtCaret("@", 1)).toBeNull();
  });
});
