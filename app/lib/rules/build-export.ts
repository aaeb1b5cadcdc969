// The build-thread snippets of a car, for forums: BBCode (XenForo, vBulletin, phpBB…) and
// Markdown (Discourse, GitHub, Reddit). Each is the car's PNG card linked to its showcase,
// the car's name, its mods with their costs where the owner shows them, the shown spend and
// the total gains, and a link back. Pure text from the build sheet: the same for every reader.
//
// Members' words are made inert: BBCode has no escape, so square brackets in a name become
// round ones; Markdown's punctuation is escaped with backslashes. Line breaks in names
// become spaces, so each mod stays one list item.
import { formatCost } from "~/lib/rules/formats";
import { gainsLine, type BuildSheet, type SheetMod } from "~/lib/rules/build-sheet";

/** At most this many mods are listed; the rest are counted and left to the showcase. */
export const EXPORT_MOD_LIMIT = 30;

export type BuildExportInput = {
  /** The car's line ("Godzilla · 1999 Nissan Skyline GT-R"). */
  title: string;
  /** Absolute address of the showcase. */
  showcaseUrl: string;
  /** Absolute address of the PNG card. */
  cardUrl: string;
  /** The mods in the showcase's order. */
  mods: readonly SheetMod[];
  sheet: BuildSheet;
};

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Text that BBCode cannot read as a tag. */
export function bbcodeText(text: string): string {
  return oneLine(text).replace(/\[/g, "(").replace(/\]/g, ")");
}

/** Text that Markdown shows as written. */
export function markdownText(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>|~]/g, "\\$&");
}

function modLine(mod: SheetMod, escape: (text: string) => string): string {
  const cost = mod.shownCostCents !== null ? ` (${formatCost(mod.shownCostCents)})` : "";
  return `${escape(mod.category)}: ${escape(mod.name)}${cost}`;
}

function spendLine(sheet: BuildSheet): string | null {
  if (sheet.costedCount === 0) return null;
  return `Shown spend: ${formatCost(sheet.shownTotalCents)} across ${sheet.costedCount} ${sheet.costedCount === 1 ? "mod" : "mods"}`;
}

function moreLine(mods: readonly SheetMod[]): string | null {
  const more = mods.length - EXPORT_MOD_LIMIT;
  return more > 0 ? `…and ${more} more ${more === 1 ? "mod" : "mods"} on the showcase` : null;
}

/** The BBCode snippet. */
export function buildBbcode(input: BuildExportInput): string {
  const { showcaseUrl, cardUrl, mods, sheet } = input;
  const lines = [`[url=${showcaseUrl}][img]${cardUrl}[/img][/url]`, `[b]${bbcodeText(input.title)}[/b]`];
  if (mods.length) {
    lines.push("[list]", ...mods.slice(0, EXPORT_MOD_LIMIT).map((mod) => `[*]${modLine(mod, bbcodeText)}`), "[/list]");
    const more = moreLine(mods);
    if (more) lines.push(more);
  } else {
    lines.push("No mods listed yet.");
  }
  const spend = spendLine(sheet);
  if (spend) lines.push(spend);
  if (sheet.gains.length) lines.push(`Gains: ${bbcodeText(gainsLine(sheet.gains))}`);
  lines.push(`Full build sheet: [url=${showcaseUrl}]${showcaseUrl}[/url]`);
  return lines.join("\n");
}

/** The Markdown snippet (blocks separated by blank lines). */
export function buildMarkdown(input: BuildExportInput): string {
  const { showcaseUrl, cardUrl, mods, sheet } = input;
  const title = markdownText(input.title);
  const blocks = [`[![${title}](${cardUrl})](${showcaseUrl})`, `**${title}**`];
  if (mods.length) {
    const items = mods.slice(0, EXPORT_MOD_LIMIT).map((mod) => `- ${modLine(mod, markdownText)}`);
    const more = moreLine(mods);
    blocks.push([...items, ...(more ? [more] : [])].join("\n"));
  } else {
    blocks.push("No mods listed yet.");
  }
  const facts = [spendLine(sheet), sheet.gains.length ? `Gains: ${markdownText(gainsLine(sheet.gains))}` : null].filter(Boolean);
  if (facts.length) blocks.push(facts.join("\\\n"));
  blocks.push(`Full build sheet: <${showcaseUrl}>`);
  return blocks.join("\n\n");
}
