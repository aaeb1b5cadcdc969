import { describe, expect, it } from "vitest";
import { THEME_COOKIE_MAX_AGE, isThemeMode, parseThemeMode, reconcileThemeMode, resolveTheme, themeCookie, themeModeFromCookie } from "~/lib/rules/theme";
import { themeFromRequest } from "~/lib/server/theme.server";

describe("parseThemeMode", () => {
  it("keeps the three modes and falls back to system for anything else", () => {
    expect(parseThemeMode("light")).toBe("light");
    expect(parseThemeMode("dark")).toBe("dark");
    expect(parseThemeMode("system")).toBe("system");
    for (const value of ["DARK", "", " dark", "blue", null, undefined, 1, {}]) {
      expect(parseThemeMode(value)).toBe("system");
    }
    expect(isThemeMode("dark")).toBe(true);
    expect(isThemeMode("Dark")).toBe(false);
  });
});

describe("themeModeFromCookie", () => {
  it("finds themeMode among other cookies", () => {
    expect(themeModeFromCookie("a=1; themeMode=dark; b=2")).toBe("dark");
    expect(themeModeFromCookie("themeMode=light")).toBe("light");
    expect(themeModeFromCookie("__session=abc;themeMode=system")).toBe("system");
  });

  it("answers null when there is no usable value", () => {
    expect(themeModeFromCookie(null)).toBeNull();
    expect(themeModeFromCookie("")).toBeNull();
    expect(themeModeFromCookie("a=1; b=2")).toBeNull();
    expect(themeModeFromCookie("themeMode=purple")).toBeNull();
    // A cookie whose name merely ends with themeMode is someone else's.
    expect(themeModeFromCookie("oldthemeMode=dark")).toBeNull();
  });
});

describe("themeFromRequest", () => {
  it("reads the cookie the server renders <html data-theme-mode> from", () => {
    const request = new Request("http://127.0.0.1/", { headers: { Cookie: "x=y; themeMode=dark" } });
    expect(themeFromRequest(request)).toBe("dark");
    expect(themeFromRequest(new Request("http://127.0.0.1/"))).toBe("system");
    expect(themeFromRequest(new Request("http://127.0.0.1/", { headers: { Cookie: "themeMode=<script>" } }))).toBe("system");
  });
});

describe("themeCookie", () => {
  it("writes a long-lived, site-wide, Lax cookie", () => {
    expect(themeCookie("dark")).toBe(`themeMode=dark; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax`);
    expect(themeCookie("light", { secure: true })).toMatch(/; Secure$/);
    expect(themeModeFromCookie(themeCookie("light").split(";")[0])).toBe("light");
  });
});

describe("resolveTheme", () => {
  it("follows the OS only in system mode", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});

describe("reconcileThemeMode", () => {
  it("trusts the cookie the server rendered with", () => {
    expect(reconcileThemeMode({ serverMode: "dark", hasCookie: true, stored: "light" })).toBe("dark");
  });

  it("falls back to localStorage when the cookie is gone", () => {
    expect(reconcileThemeMode({ serverMode: "system", hasCookie: false, stored: "dark" })).toBe("dark");
    expect(reconcileThemeMode({ serverMode: "system", hasCookie: false, stored: "nonsense" })).toBe("system");
    expect(reconcileThemeMode({ serverMode: "system", hasCookie: false, stored: null })).toBe("system");
  });
});
