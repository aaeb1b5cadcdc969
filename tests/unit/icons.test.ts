import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { INDEX_FILE, SPRITE_FILE, renderFiles, usedIconNames } from "../../scripts/build-icons";
import { Heart, ThumbsUp } from "~/components/icons";

describe("the icon sprite", () => {
  it("has a symbol for every icon the app imports, and is up to date (npm run icons)", () => {
    const { sprite, index } = renderFiles();
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(sprite);
    expect(readFileSync(INDEX_FILE, "utf8")).toBe(index);
    const names = usedIconNames();
    expect(names).toContain("ThumbsUp");
    for (const name of names) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });

  it("draws an icon as a short reference to its symbol, decorative unless named", () => {
    const html = renderToStaticMarkup(createElement(ThumbsUp, { size: 18, className: "reaction__icon" }));
    expect(html).toMatch(/^<svg width="18" height="18" viewBox="0 0 24 24" class="icon reaction__icon" aria-hidden="true"><use href="[^"]*#ThumbsUp"><\/use><\/svg>$/);
    expect(html.length).toBeLessThan(200);
    const named = renderToStaticMarkup(createElement(Heart, { "aria-label": "Liked", fill: "currentColor" }));
    expect(named).not.toContain("aria-hidden");
    expect(named).toContain('style="fill:currentColor"');
    expect(named).toContain('aria-label="Liked"');
  });
});
