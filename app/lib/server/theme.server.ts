import { themeModeFromCookie, type ThemeMode } from "~/lib/rules/theme";

/** The theme the reader chose, from the `themeMode` cookie ("system" when none). */
export function themeFromRequest(request: Request): ThemeMode {
  return themeModeFromCookie(request.headers.get("Cookie")) ?? "system";
}
