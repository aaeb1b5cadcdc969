// Theme mode: system follows the OS preference; light and dark are fixed.
// Stored in localStorage under `themeMode` and in a cookie of the same name, so the
// server renders the right theme and the first paint never flashes the wrong one.
export const THEME_MODES = ["system", "light", "dark"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export function parseThemeMode(value: unknown): ThemeMode {
  return THEME_MODES.includes(value as ThemeMode) ? (value as ThemeMode) : "system";
}
