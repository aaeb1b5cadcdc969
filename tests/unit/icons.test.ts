import { readFileSync } from "node:fs";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { INDEX_FILE, SPRITE_FILE, renderFiles, usedIconNames } from "../../scripts/build-icons";
import { Heart, ThumbsUp } from "~/components/icons";
import { INLINE_ICONS } from "~/components/icons/inline";

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

describe("inline icons (the embed's)", () => {
  it("draw the same shapes as lucide's icons of the same name, with no reference to a file", () => {
    expect(INLINE_ICONS.length).toBeGreaterThan(0);
    for (const InlineIcon of INLINE_ICONS) {
      const name = InlineIcon.iconName;
      const inner = (markup: string) => markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
      const lucideIcon = (lucide as unknown as Record<string, ComponentType>)[name];
      const html = renderToStaticMarkup(createElement(InlineIcon, { size: 16 }));
      expect(inner(html), name).toBe(inner(renderToStaticMarkup(createElement(lucideIcon))));
      expect(html).not.toContain("<use");
      expect(html).toMatch(/^<svg [^>]*fill="none" stroke="currentColor" stroke-width="2"[^>]*aria-hidden="true"/);
    }
  });
});
