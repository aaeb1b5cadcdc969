// Parts of pages kept as markup: the inside of an element that `<Kept>` (components/shell/Kept.tsx)
// marks, under the part's name, the page's address and the inputs its markup is made from. A
// part's markup is a function of those alone, so a reader whose inputs are the same (another
// member who has not liked the post either, the same member a moment later) gets the same
// markup, written in without rendering it; an input that changes (a count, a flag, a relative
// time that now reads otherwise) is another key. Nothing ends an entry but the budget: the least
// recently used goes first, past KEPT_PARTS_BYTES.
//
// How markup is kept: a part rendered anew carries `data-kept="<mark>"` on its element. Once the
// document is whole and sent, the inside of each marked element is read from its bytes and kept.
// Markup that could not be written again as it is is not kept: a nonce, a script or style, a
// Suspense boundary still pending, or an id from React's useId (it depends on where the part
// stood in the tree).
import { KEPT_PART_BYTES, KEPT_PARTS_BYTES } from "./budgets";
import { createKeptTexts } from "./kept-texts.server";
import type { KeptPart, KeptParts } from "~/lib/rules/kept-parts";

/** The parts of one document being rendered. */
export type DocumentParts = KeptParts & {
  /** Keeps the markup of every part this render marked, read from the whole document. */
  keep(document: Buffer): void;
};

export type PartStore = {
  /** The parts of a new render. */
  forDocument(): DocumentParts;
  /** How many parts are kept (tests). */
  size(): number;
};

/** A mark is unique in the process, so a kept part that holds another's mark is never taken for it. */
let marks = 0;

export function createPartStore({ maxBytes = KEPT_PARTS_BYTES, maxPartBytes = KEPT_PART_BYTES } = {}): PartStore {
  const kept = createKeptTexts<{ text: string; validUntil: number }>({ maxChars: maxBytes, maxEntryChars: maxPartBytes });
  return {
    forDocument() {
      const marked = new Map<string, string>();
      return {
        part(name, inputs): KeptPart {
          const key = `${name}\n${JSON.stringify(inputs)}`;
          const entry = kept.get(key, 0);
          if (entry) return { html: entry.text };
          marks += 1;
          const mark = marks.toString(36);
          marked.set(mark, key);
          return { mark };
        },
        keep(document) {
          for (const [mark, key] of marked) {
            const html = innerMarkup(document, mark);
            if (html !== null) kept.set(key, { text: html, validUntil: Infinity });
          }
          marked.clear();
        },
      };
    },
    size: kept.size,
  };
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const MARK_ATTRIBUTE = / data-kept="[0-9a-z]+"/g;
/** Markup that reads differently in another answer or at another place in the tree. */
const NOT_KEPT = /nonce=|<script|<style|<template|<!--\$[?!]|:R[0-9A-Za-z]*:/;

/**
 * The inside of the element marked `mark` in `document` (React's markup: every `<` in text and
 * `>` in attributes escaped, void elements closed with `/>`), without the marks of the parts
 * within it; null when there is none or it cannot be kept.
 */
export function innerMarkup(document: Buffer, mark: string): string | null {
  const at = document.indexOf(` data-kept="${mark}"`);
  if (at === -1) return null;
  const start = document.indexOf(GT, at) + 1;
  let depth = 1;
  let position = start;
  while (position > 0) {
    const open = document.indexOf(LT, position);
    if (open === -1) return null;
    const next = document[open + 1];
    if (next === BANG) {
      const end = document.indexOf("-->", open + 4);
      if (end === -1) return null;
      position = end + 3;
      continue;
    }
    const close = document.indexOf(GT, open);
    if (close === -1) return null;
    if (next === SLASH) {
      depth -= 1;
      if (depth === 0) {
        const html = document.toString("utf8", start, open);
        return NOT_KEPT.test(html) ? null : html.replace(MARK_ATTRIBUTE, "");
      }
    } else if (document[close - 1] !== SLASH) {
      depth += 1;
    }
    position = close + 1;
  }
  return null;
}
