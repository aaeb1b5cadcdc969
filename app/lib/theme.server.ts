import { THEME_STORAGE_KEY } from "~/lib/constants";
import { parseThemeMode, type ThemeMode } from "~/lib/theme";

/** The theme the reader chose, from the `themeMode` cookie. */
export function themeFromRequest(request: Request): ThemeMode {
  const cookies = request.headers.get("Cookie") ?? "";
  const match = cookies.match(new RegExp(`(?:^|;\\s*)${THEME_STORAGE_KEY}=([a-z]+)`));
  return parseThemeMode(match?.[1]);
}
