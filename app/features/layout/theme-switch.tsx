import { useId, useSyncExternalStore } from "react";
import { applyThemeChoice, readThemeChoice, setThemeAttribute, THEME_CHANGE_EVENT, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from "~/shared/lib/theme";
import { cn } from "~/shared/lib/cn";

import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";

const LABEL_KEY = { system: "themeSystem", light: "themeLight", dark: "themeDark" } as const satisfies Record<ThemeChoice, keyof typeof shell>;

/**
 * The footer's light / dark / system switch: three radios, so arrow keys move
 * between them and a screen reader names the group and the choice. Hidden by
 * app.css until the theme script marks <html> as scripted (a choice could not
 * be remembered without it; the system's setting still applies).
 */
export function ThemeSwitch() {
  const name = useId();
  const choice = useThemeChoice();
  const t = useMessages("shell", shell);

  return (
    <fieldset className="theme-switch flex items-center gap-3">
      <legend className="float-left mr-3 text-sm">{t.theme}</legend>
      <div className="inline-flex rounded-xl bg-white/5 p-1 ring-1 ring-white/10">
        {THEME_CHOICES.map((option) => (
          <label
            key={option}
            className={cn(
              "cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-300",
              choice === option ? "bg-white/15 text-white" : "text-ink-300 hover:text-white",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => applyThemeChoice(option)}
              className="sr-only"
            />
            {t[LABEL_KEY[option]]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  // Another tab's choice (localStorage is shared): this tab's switch and <html> follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) {
      setThemeAttribute(readThemeChoice());
      window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The stored choice; prerendered HTML cannot know it, so "system" until hydrated. */
function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => "system");
}
