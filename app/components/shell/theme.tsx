// The theme state of the page. The <html> element (rendered by root.tsx's Layout) carries
// data-theme-mode; the CSS does the rest, including following the OS live in "system".
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { THEME_STORAGE_KEY } from "~/lib/constants";
import { reconcileThemeMode, resolveTheme, themeCookie, themeModeFromCookie, type ResolvedTheme, type ThemeMode } from "~/lib/rules/theme";

type ThemeState = { mode: ThemeMode; setMode: (mode: ThemeMode) => void };

const ThemeContext = createContext<ThemeState>({ mode: "system", setMode: () => {} });

function remember(mode: ThemeMode) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Private mode or storage disabled: the cookie still carries the choice.
  }
  document.cookie = themeCookie(mode, { secure: window.location.protocol === "https:" });
}

/** Holds the mode for Layout: starts from the server's (cookie) value, so nothing flashes. */
export function useThemeMode(serverMode: ThemeMode): ThemeState {
  const [mode, setModeState] = useState<ThemeMode>(serverMode);

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    } catch {
      stored = null;
    }
    // The cookie itself wins over the server's value: a page rendered without the root
    // loader (an unmatched URL's 404) has no server mode and would fall back to "system".
    const cookieMode = themeModeFromCookie(document.cookie);
    const hasCookie = cookieMode !== null;
    const next = reconcileThemeMode({ serverMode: cookieMode ?? serverMode, hasCookie, stored });
    setModeState(next);
    remember(next);
    // Runs after the first render, and again only if the server's mode changes (a revalidated
    // root loader): the cookie, once set, still wins, so a re-run keeps the chosen mode.
  }, [serverMode]);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    remember(next);
  }, []);

  return { mode, setMode };
}

export const ThemeProvider = ThemeContext.Provider;

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Light or dark right now, following the OS live when the mode is "system". */
export function useResolvedTheme(): ResolvedTheme {
  const { mode } = useTheme();
  const [prefersDark, setPrefersDark] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    setPrefersDark(query.matches);
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return resolveTheme(mode, prefersDark);
}
