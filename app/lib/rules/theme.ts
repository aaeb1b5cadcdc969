// Theme mode: system follows the OS preference; light and dark are fixed.
// Stored in localStorage under `themeMode` and in a cookie of the same name, so the
// server renders the right theme (data-theme-mode on <html>) and the first paint never
// flashes the wrong one. The CSS resolves "system" with prefers-color-scheme.
import { THEME_STORAGE_KEY } from "~/lib/constants";

export const THEME_MODES = ["system", "light", "dark"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ResolvedTheme = "light" | "dark";

/** A year: the choice outlives sessions. */
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const THEME_LABELS: Record<ThemeMode, string> = {
  system: "System",
  light: "Light",
  dark: "Dark",
};

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);
}

/** Anything unknown (missing, garbage, another case) means "system". */
export function parseThemeMode(value: unknown): ThemeMode {
  return isThemeMode(value) ? value : "system";
}

/** The `themeMode` value of a Cookie header, or null when the header has none. */
export function themeModeFromCookie(cookieHeader: string | null | undefined): ThemeMode | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== THEME_STORAGE_KEY) continue;
    const value = part.slice(index + 1).trim();
    return isThemeMode(value) ? value : null;
  }
  return null;
}

/** The cookie string the browser writes when the reader picks a mode. */
export function themeCookie(mode: ThemeMode, options: { secure?: boolean } = {}): string {
  return [`${THEME_STORAGE_KEY}=${mode}`, "Path=/", `Max-Age=${THEME_COOKIE_MAX_AGE}`, "SameSite=Lax", ...(options.secure ? ["Secure"] : [])].join("; ");
}

/** Light or dark, given the mode and whether the OS currently prefers dark. */
export function resolveTheme(mode: ThemeMode, systemPrefersDark: boolean): ResolvedTheme {
  if (mode === "system") return systemPrefersDark ? "dark" : "light";
  return mode;
}

/**
 * Which mode the page should use once it is running: the server's (from the cookie) when
 * the cookie exists; otherwise a valid mode remembered in localStorage (the cookie may have
 * been cleared), otherwise the server's.
 */
export function reconcileThemeMode(input: { serverMode: ThemeMode; hasCookie: boolean; stored: string | null }): ThemeMode {
  if (input.hasCookie) return input.serverMode;
  return isThemeMode(input.stored) ? input.stored : input.serverMode;
}
