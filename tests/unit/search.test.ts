// Query normalisation and LIKE escaping (app/lib/rules/search.ts).
import { describe, expect, it } from "vitest";
import { SEARCH_MAX_CHARS, SEARCH_MAX_TERMS, containsPattern, escapeLike, limitParam, normaliseQuery, prefixPattern, searchHref, searchTerms } from "~/lib/rules/search";

describe("normaliseQuery", () => {
  it("trims, collapses white space and drops control characters", () => {
    expect(normaliseQuery("  bmw   m3 \n\t e46 ")).toBe("bmw m3 e46");
    expect(normaliseQuery("a\u0000b\u0007c")).toBe("a b c");
    expect(normaliseQuery("zero\u200bwidth")).toBe("zero width");
    expect(normaliseQuery("   ")).toBe("");
  });

  it("accepts anything and answers text", () => {
    expect(normaliseQuery(undefined)).toBe("");
    expect(normaliseQuery(null)).toBe("");
    expect(normaliseQuery(42)).toBe("");
    expect(normaliseQuery(["a"])).toBe("");
    expect(normaliseQuery({ toString: () => "x" })).toBe("");
  });

  it("keeps quotes, wildcards, backslashes and emoji as they are", () => {
    expect(normaliseQuery(`O'Reilly "GT" 100% a_b C:\\x 🚗`)).toBe(`O'Reilly "GT" 100% a_b C:\\x 🚗`);
  });

  it("caps a 5,000-character query without cutting an emoji in half", () => {
    expect(normaliseQuery("x".repeat(5000))).toHaveLength(SEARCH_MAX_CHARS);
    const emoji = normaliseQuery("🚗".repeat(5000));
    expect(Array.from(emoji)).toHaveLength(SEARCH_MAX_CHARS);
    expect(emoji).toBe("🚗".repeat(SEARCH_MAX_CHARS));
    // A lone surrogate (half an emoji) is dropped.
    expect(normaliseQuery("a\ud83db")).toBe("ab");
  });

  it("composes Unicode (NFC) so é typed two ways matches", () => {
    expect(normaliseQuery("e\u0301")).toBe("\u00e9");
  });
});

describe("searchTerms", () => {
  it("splits into distinct words, at most SEARCH_MAX_TERMS", () => {
    expect(searchTerms("bmw M3 bmw m3 e46")).toEqual(["bmw", "M3", "e46"]);
    expect(searchTerms("a b c d e f g h")).toHaveLength(SEARCH_MAX_TERMS);
    expect(searchTerms("")).toEqual([]);
  });
});

describe("LIKE escaping", () => {
  it("escapes %, _ and the escape character itself", () => {
    expect(escapeLike("100%")).toBe("100\\%");
    expect(escapeLike("a_b")).toBe("a\\_b");
    expect(escapeLike("C:\\dir")).toBe("C:\\\\dir");
    expect(escapeLike("%_\\")).toBe("\\%\\_\\\\");
    expect(escapeLike("plain 'quoted' \"text\" 🚗")).toBe("plain 'quoted' \"text\" 🚗");
  });

  it("builds contains and prefix patterns", () => {
    expect(containsPattern("%")).toBe("%\\%%");
    expect(prefixPattern("a_")).toBe("a\\_%");
  });
});

describe("helpers", () => {
  it("links to the search page", () => {
    expect(searchHref(" a & b ")).toBe("/search?q=a%20%26%20b");
    expect(searchHref("   ")).toBe("/search");
  });

  it("reads limits safely", () => {
    expect(limitParam(null, 20, 50)).toBe(20);
    expect(limitParam("3", 20, 50)).toBe(3);
    expect(limitParam("999", 20, 50)).toBe(50);
    expect(limitParam("0", 20, 50)).toBe(1);
    expect(limitParam("-5", 20, 50)).toBe(20);
    expect(limitParam("1e3", 20, 50)).toBe(20);
    expect(limitParam("abc", 20, 50)).toBe(20);
  });
});
