// The rules every piece of text people write must meet, whatever the field: usernames,
// nicknames, car and modification fields, comments, messages, post stories, event fields,
// feedback. Plain functions without a schema library, so that the browser can use them on
// pages that show text (links, mentions, tags) without downloading one.
//
// - Stored in Unicode NFC and trimmed, so text that looks the same is the same.
// - No characters that change the direction of the text (bidi controls): they make a name
//   or a link read differently from what it is.
// - No control characters; multi-line text keeps its line breaks (stored as \n) and tabs.
// - Never made only of invisible characters (zero-width spaces and joiners and the like),
//   which would show as a blank name or an empty comment. Inside other text they stay
//   (a zero-width joiner builds many emoji).

/** LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM; the Arabic letter mark. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** C0 and C1 controls and DEL. */
const CONTROLS = /\p{Cc}/u;
/** The same, without line feed and tab. */
const CONTROLS_BUT_LINES = /(?![\n\t])\p{Cc}/u;
/** Line and paragraph separators: line breaks that are not controls. */
const LINE_SEPARATORS = /[\u2028\u2029]/;

/**
 * Text that shows nothing: white space, format characters (zero-width spaces and joiners,
 * word joiner, byte order mark, soft hyphen, …), fillers and variation selectors.
 */
// eslint-disable-next-line no-misleading-character-class -- each escape is one code point matched on its own (fillers, variation selectors), never a combined character
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]*$/u;

export type TextOptions = {
  /** Line breaks and tabs are allowed (comments, messages, stories, descriptions). */
  multiline?: boolean;
};

export type TextProblem = "bidi" | "control" | "invisible";

export const TEXT_MESSAGES: Record<TextProblem, (label: string, options?: TextOptions) => string> = {
  bidi: (label) => `${label} cannot contain hidden characters that change the direction of the text`,
  control: (label, options) => (options?.multiline ? `${label} cannot contain control characters` : `${label} cannot contain line breaks or control characters`),
  invisible: (label) => `${label} cannot be made only of invisible characters`,
};

/**
 * A string as it is kept: NFC, line breaks as \n (multi-line text), trimmed. Anything else
 * passes through unchanged, for the schema to refuse.
 */
export function normalizeText(value: unknown, options: TextOptions = {}): unknown {
  if (typeof value !== "string") return value;
  let text = value.normalize("NFC");
  if (options.multiline) text = text.replace(/\r\n?|[\u2028\u2029]/g, "\n");
  return text.trim();
}

/** What is wrong with a (normalised) text, or null. Empty text is for the field's own rules. */
export function textProblem(text: string, options: TextOptions = {}): TextProblem | null {
  if (BIDI_CONTROLS.test(text)) return "bidi";
  if (options.multiline ? CONTROLS_BUT_LINES.test(text) : CONTROLS.test(text) || LINE_SEPARATORS.test(text)) return "control";
  if (text !== "" && INVISIBLE_ONLY.test(text)) return "invisible";
  return null;
}
