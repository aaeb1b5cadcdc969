// The stylesheets of the parts a document holds only when its address asks for them: Grams
// (`?grams`) and the sign-in dialog (`?login`). Their rules are not in the shell's stylesheet,
// which every page waits for; the browser loads them with the part's code when a reader opens
// it. A document the server renders such a part in must link them itself, or the part would
// show unstyled until its code came (and forever without JavaScript).
//
// The build lists each part's files (vite.config.ts, `partStylesheets`) and hands the list to
// the server's bundle as __PART_STYLESHEETS__. The development server has no list: there the
// browser's module graph brings the rules.
import { gramsParam } from "~/lib/rules/grams-url";
import { LOGIN_PARAM } from "~/lib/rules/login-links";

type Part = "grams" | "login";

declare const __PART_STYLESHEETS__: Partial<Record<Part, string[]>> | undefined;

const built: Partial<Record<Part, string[]>> = typeof __PART_STYLESHEETS__ === "undefined" ? {} : __PART_STYLESHEETS__;

/** The stylesheets the document at `url` links for the on-demand parts the server renders in it. */
export function partStylesheetsFor(url: URL): string[] {
  const parts: Part[] = [];
  if (gramsParam(url) !== null) parts.push("grams");
  if (url.searchParams.has(LOGIN_PARAM)) parts.push("login");
  return [...new Set(parts.flatMap((part) => built[part] ?? []))];
}
