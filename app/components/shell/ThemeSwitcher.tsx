// Three options: System (follows the OS live), Light, Dark. Real radio buttons, so arrow
// keys move between them and screen readers announce a group.
import { Monitor, Moon, Sun, type IconComponent } from "~/components/icons";
import { useId } from "react";
import { THEME_LABELS, THEME_MODES, type ThemeMode } from "~/lib/theme";
import { useTheme } from "./theme";

const ICONS: Record<ThemeMode, IconComponent> = { system: Monitor, light: Sun, dark: Moon };

export function ThemeSwitcher({ className }: { className?: string }) {
  const { mode, setMode } = useTheme();
  const name = useId();
  return (
    <fieldset className={["theme-switch", className].filter(Boolean).join(" ")}>
      <legend className="theme-switch__legend">Theme</legend>
      <div className="theme-switch__options">
        {THEME_MODES.map((option) => {
          const Icon = ICONS[option];
          return (
            <label key={option} className="theme-switch__option" title={THEME_LABELS[option]}>
              <input
                type="radio"
                name={name}
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
    </fieldset>
  );
}
