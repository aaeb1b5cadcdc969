// @mentions and #tags inside what people write (post stories, comments, replies, messages).
//
// - A mention is "@" and a username (3 to 30 of a-z, 0-9, "_" and ".", any case; a dot at
//   its end is the sentence's, not the name's). It starts a word: at the start of the text,
//   after a space or after an opening bracket or quote or punctuation like "," or "!".
//   So "me@example.com", "@types/node", "@media(" and "x@y" are not mentions.
// - A tag is "#" and 1 to 50 letters, digits, marks, "_" or "-" in any script. It is the same
//   tag whatever its case ("#E30" and "#e30"), kept lowercased in Unicode NFC. A longer run,
//   or a lone "#", stays text. It starts a word like a mention ("C#" is not a tag).
// - Nothing inside a web address ("https://x.test/#a", "www.x.test/@b") or inside code (text
//   between backticks) is a mention or a tag.
// - The parser reads at most MAX_PARSED_CHARS characters: the rest stays text.
import { normalizeText } from "~/lib/rules/text-rules";

/** Distinct tags one post may carry; a story with more is refused (with the story kept). */
export const MAX_TAGS_PER_POST = 30;
/** Distinct members one text may mention; a text with more is refused (with the text kept). */
export const MAX_MENTIONS_PER_TEXT = 50;
/** Of a text's mentions, only the first this many send a notification; the rest still link. */
export const MENTION_NOTIFY_LIMIT = 10;
export const MAX_TAG_LENGTH = 50;
/** Longer texts are only read this far (stories are at most 5,000 characters). */
export const MAX_PARSED_CHARS = 10_000;

export const TEXT_LINK_MESSAGES = {
  tooManyTags: `A post can have at most ${MAX_TAGS_PER_POST} tags`,
  tooManyMentions: (label: string) => `${label} can mention at most ${MAX_MENTIONS_PER_TEXT} members`,
} as const;

export type TextPart =
  | { kind: "text"; text: string }
  /** `username` is lowercased; `text` is what was written ("@Demo"). */
  | { kind: "mention"; text: string; username: string }
  /** `tag` is lowercased NFC; `text` is what was written ("#E30"). */
  | { kind: "tag"; text: string; tag: string };

// One pass over the text: code between backticks, web addresses, then a mention or a tag
// candidate. Alternatives are tried left to right at each position, so a "#" or "@" inside
// an address or code is consumed with it.
const TOKENS = /(```[\s\S]*?```|`[^`\n]*`)|((?:https?:\/\/|www\.)[^\s<>]+)|@([A-Za-z0-9_.]+)|#([\p{L}\p{M}\p{N}_-]+)/gu;

/** What may stand right before "@" or "#" for it to start a mention or a tag. */
const OPENER = /[\s([{<"'“‘«„,;!?]/u;
/** What may not follow a username: it is an address, a package or code, not a mention. */
const NOT_AFTER_NAME = /[@/(\\=`\-+]/;
/** What may not follow a tag: "#a#b", "#a@b" are not tags. */
const NOT_AFTER_TAG = /[#@]/;
const USERNAME = /^[a-z0-9_.]{3,30}$/;

function startsWord(text: string, index: number): boolean {
  return index === 0 || OPENER.test(text[index - 1]);
}

function tagName(raw: string): string | null {
  const name = raw.normalize("NFC").toLowerCase();
  if (Array.from(name).length > MAX_TAG_LENGTH) return null;
  // At least one letter or digit: "#-" and "#__" are not tags.
  if (!/[\p{L}\p{N}]/u.test(name)) return null;
  return name;
}

/** The text cut into plain text, mentions and tags, in order. */
export function parseTextLinks(input: string): TextPart[] {
  const parts: TextPart[] = [];
  const text = input.length > MAX_PARSED_CHARS ? input.slice(0, MAX_PARSED_CHARS) : input;
  let plainFrom = 0;
  const push = (part: TextPart, start: number, end: number) => {
    if (start > plainFrom) parts.push({ kind: "text", text: text.slice(plainFrom, start) });
    parts.push(part);
    plainFrom = end;
  };
  for (const match of text.matchAll(TOKENS)) {
    const start = match.index;
    const [whole, code, url, name, tag] = match;
    if (code !== undefined || url !== undefined) continue;
    if (!startsWord(text, start)) continue;
    if (name !== undefined) {
      const trimmed = name.replace(/\.+$/, "");
      const end = start + 1 + trimmed.length;
      const after = text[end] ?? "";
      if (trimmed.length === name.length && NOT_AFTER_NAME.test(after)) continue;
      const username = trimmed.toLowerCase();
      if (!USERNAME.test(username)) continue;
      push({ kind: "mention", text: text.slice(start, end), username }, start, end);
    } else if (tag !== undefined) {
      const end = start + whole.length;
      if (NOT_AFTER_TAG.test(text[end] ?? "")) continue;
      const name = tagName(tag);
      if (name === null) continue;
      push({ kind: "tag", text: whole, tag: name }, start, end);
    }
  }
  if (plainFrom < input.length) parts.push({ kind: "text", text: input.slice(plainFrom) });
  return parts;
}

function distinct(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The distinct usernames a text mentions (lowercased), in the order first written. */
export function mentionsIn(text: string): string[] {
  return distinct(parseTextLinks(text).flatMap((part) => (part.kind === "mention" ? [part.username] : [])));
}

/** The distinct tags a text carries (lowercased NFC), in the order first written. */
export function tagsIn(text: string): string[] {
  return distinct(parseTextLinks(text).flatMap((part) => (part.kind === "tag" ? [part.tag] : [])));
}

/**
 * What is wrong with a text's mentions and tags, or null: too many distinct mentions, or
 * (for a post's story, `tags: true`) too many distinct tags. `label` names the text ("The story").
 */
export function textLinksProblem(text: string, options: { label: string; tags?: boolean }): string | null {
  const parts = parseTextLinks(text);
  const mentions = new Set<string>();
  const tags = new Set<string>();
  for (const part of parts) {
    if (part.kind === "mention") mentions.add(part.username);
    else if (part.kind === "tag") tags.add(part.tag);
  }
  if (mentions.size > MAX_MENTIONS_PER_TEXT) return TEXT_LINK_MESSAGES.tooManyMentions(options.label);
  if (options.tags && tags.size > MAX_TAGS_PER_POST) return TEXT_LINK_MESSAGES.tooManyTags;
  return null;
}

/** A tag typed in a search box or address ("#E30", "e30") as it is stored, or null. */
export function normalizeTag(value: string): string | null {
  const text = normalizeText(value);
  if (typeof text !== "string") return null;
  const raw = text.startsWith("#") ? text.slice(1) : text;
  if (!/^[\p{L}\p{M}\p{N}_-]+$/u.test(raw)) return null;
  return tagName(raw);
}
