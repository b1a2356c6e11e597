/**
 * Light, dark or the system's setting (issue 20, docs/decisions/0026-dark-mode.md).
 *
 * The system's setting needs nothing from us: app.css gives <html>
 * `color-scheme: light dark` and every colour token is a light-dark() pair.
 * A visitor's own choice is kept in this browser's localStorage and set on
 * <html> as `data-theme` by the boot script (app/client/boot.ts), inline at
 * the top of <head>: it runs before the first paint, so a reload never shows
 * the other theme first, and prerendered pages stay the same bytes for
 * everyone (the CSP allows the script by its hash there, by the request's
 * nonce elsewhere). It also runs the footer's switch, from the first byte
 * rather than from hydration, so a choice made before the page's JavaScript
 * has arrived is not lost.
 */

export const THEME_STORAGE_KEY = "theme";

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Fired on window when the choice changes, for what draws colours itself (the console's canvas charts). */
export const THEME_CHANGE_EVENT = "themechange";

/** The name of the footer's three radios (one switch per page). */
export const THEME_INPUT_NAME = "theme-choice";

/** Checks the switch's radio of the remembered choice (the boot script does it once the page is parsed; a switch drawn later calls it). */
export function syncThemeSwitch(): void {
  const choice = readThemeChoice();
  for (const input of document.querySelectorAll<HTMLInputElement>(`input[name="${THEME_INPUT_NAME}"]`)) input.checked = input.value === choice;
}

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === "light" || value === "dark" ? value : "system";
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

/** Whether the page is drawn dark now: the choice, else the system's setting. */
export function isDarkTheme(): boolean {
  const choice = document.documentElement.dataset.theme;
  if (choice === "dark") return true;
  if (choice === "light") return false;
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}
