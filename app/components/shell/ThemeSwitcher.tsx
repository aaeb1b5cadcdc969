// Three options: System (follows the OS live), Light, Dark. Real radio buttons, so arrow
// keys move between them and screen readers announce a group. They sit in a form posting to
// /theme, which sets the cookie and comes back to the page the form is on (its Referer): without
// JavaScript the reader picks one and presses Apply; with JavaScript a change applies at once and
// Apply is hidden. Its markup is the same on every page, so the sidebar around it is kept whole
// (shell/Kept.tsx): the form names no page, and its ids are given, not useId's.
import { Form } from "@remix-run/react";
import { Monitor, Moon, Sun, type IconComponent } from "~/components/icons";
import { useHydrated } from "~/lib/client/hydrated";
import { THEME_LABELS, THEME_MODES, type ThemeMode } from "~/lib/rules/theme";
import { useTheme } from "./theme";

const ICONS: Record<ThemeMode, IconComponent> = { system: Monitor, light: Sun, dark: Moon };

/** `id`: what its options' ids start with, one for each switcher on a page. */
export function ThemeSwitcher({ id, className }: { id: string; className?: string }) {
  const { mode, setMode } = useTheme();
  const hydrated = useHydrated();
  return (
    <Form method="post" action="/theme" reloadDocument className={["theme-switch", className].filter(Boolean).join(" ")}>
      <fieldset className="theme-switch__fieldset">
        <legend className="theme-switch__legend">Theme</legend>
        <div className="theme-switch__options">
          {THEME_MODES.map((option) => {
            const Icon = ICONS[option];
            return (
              <label key={option} className="theme-switch__option" title={THEME_LABELS[option]}>
                <input
                  type="radio"
                  name="mode"
                  id={`${id}-${option}`}
                  value={option}
                  checked={mode === option}
                  onChange={() => setMode(option)}
                  aria-label={THEME_LABELS[option]}
                  data-theme-option={option}
                />
                <Icon aria-hidden size={18} />
                <span className="theme-switch__label">{THEME_LABELS[option]}</span>
              </label>
            );
          })}
        </div>
        {hydrated ? null : (
          <button type="submit" className="btn btn--secondary btn--sm theme-switch__apply">
            Apply
          </button>
        )}
      </fieldset>
    </Form>
  );
}
