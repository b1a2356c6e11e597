import { useEffect } from "react";
import { syncThemeSwitch, THEME_CHOICES, THEME_INPUT_NAME, type ThemeChoice } from "~/shared/lib/theme";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";

const LABEL_KEY = { system: "themeSystem", light: "themeLight", dark: "themeDark" } as const satisfies Record<ThemeChoice, keyof typeof shell>;

/**
 * The footer's light / dark / system switch: three radios, so arrow keys move
 * between them and a screen reader names the group and the choice. Hidden by
 * app.css until the theme script marks <html> as scripted (a choice could not
 * be remembered without it; the system's setting still applies).
 *
 * Plain markup: the boot script (app/client/boot.ts) applies a change,
 * remembers it and checks the right radio, before hydration too, so the
 * switch needs no React state. The chosen label's look follows the checked
 * radio (CSS `:has`).
 */
export function ThemeSwitch() {
  const t = useMessages("shell", shell);
  // Drawn by the client (a navigation redrew the footer): check the remembered choice.
  useEffect(() => syncThemeSwitch(), []);
  return (
    <fieldset className="theme-switch flex items-center gap-3">
      <legend className="float-left mr-3 text-sm">{t.theme}</legend>
      <div className="inline-flex rounded-xl bg-white/5 p-1 ring-1 ring-white/10">
        {THEME_CHOICES.map((option) => (
          <label
            key={option}
            className="cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium text-ink-300 hover:text-white has-checked:bg-white/15 has-checked:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-300"
          >
            <input type="radio" name={THEME_INPUT_NAME} value={option} className="sr-only" />
            {t[LABEL_KEY[option]]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
