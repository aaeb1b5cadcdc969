// Writes the app's icon sprite. Components import icons by name from "~/components/icons";
// this script finds every such name in app/, draws each one once from lucide-react into
// `app/components/icons/sprite.svg` (one <symbol> per icon), and writes
// `app/components/icons/index.ts`, which exports a tiny component per name that points at
// its symbol. A page then carries a short <use> per icon instead of the whole drawing, and
// the browser downloads the drawings once, in one immutable file.
//
//   npx tsx scripts/build-icons.ts           write the files
//   npx tsx scripts/build-icons.ts --check   exit 1 when they are out of date
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const iconsDir = path.join(root, "app/components/icons");
export const SPRITE_FILE = path.join(iconsDir, "sprite.svg");
export const INDEX_FILE = path.join(iconsDir, "index.ts");

/** Names exported by the icon module itself, not icons. */
const NOT_ICONS = new Set(["icon", "IconComponent", "IconProps"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && full !== INDEX_FILE ? [full] : [];
  });
}

/** Every icon name imported from "~/components/icons" anywhere in app/, sorted. */
export function usedIconNames(appDir = path.join(root, "app")): string[] {
  const names = new Set<string>();
  const importPattern = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']~\/components\/icons["']/g;
  for (const file of sourceFiles(appDir)) {
    for (const match of readFileSync(file, "utf8").matchAll(importPattern)) {
      for (const part of match[1].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]
          .trim();
        if (name && !NOT_ICONS.has(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
}

function symbolOf(name: string): string {
  const component = (lucide as unknown as Record<string, ComponentType | undefined>)[name];
  if (!component) throw new Error(`"${name}" is imported from ~/components/icons but lucide-react has no icon of that name.`);
  const markup = renderToStaticMarkup(createElement(component));
  const inner = markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
}

export function renderFiles(names = usedIconNames()): { sprite: string; index: string } {
  const sprite = [`<svg xmlns="http://www.w3.org/2000/svg">`, ...names.map(symbolOf), `</svg>`, ""].join("\n");
  const index = [
    "// Written by scripts/build-icons.ts (npm run icons) from the names the app imports here.",
    '// Do not edit: import a new name from "~/components/icons" and run the script.',
    'import { icon } from "./Icon";',
    "",
    'export { icon, type IconComponent, type IconProps } from "./Icon";',
    "",
    ...names.map((name) => `export const ${name} = icon("${name}");`),
    "",
  ].join("\n");
  return { sprite, index };
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { sprite, index } = renderFiles();
  const stale = read(SPRITE_FILE) !== sprite || read(INDEX_FILE) !== index;
  if (process.argv.includes("--check")) {
    if (stale) {
      console.error("The icon sprite is out of date: run `npm run icons`.");
      process.exit(1);
    }
    console.log("The icon sprite is up to date.");
  } else {
    writeFileSync(SPRITE_FILE, sprite);
    writeFileSync(INDEX_FILE, index);
    console.log(`Wrote ${usedIconNames().length} icons to ${path.relative(root, SPRITE_FILE)}.`);
  }
}
