/**
 * Light, dark or the system's setting (issue 20, docs/decisions/0026-dark-mode.md).
 *
 * The system's setting needs nothing from us: app.css gives <html>
 * `color-scheme: light dark` and every colour token is a light-dark() pair.
 * A visitor's own choice is kept in this browser's localStorage and set on
 * <html> as `data-theme` by THEME_BOOT_SCRIPT, an inline script at the top of
 * <head>: it runs before the first paint, so a reload never shows the other
 * theme first, and prerendered pages stay the same bytes for everyone (the CSP
 * allows the script by its hash there, by the request's nonce elsewhere).
 */

export const THEME_STORAGE_KEY = "theme";

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Fired on window when the choice changes, for what draws colours itself (the console's canvas charts). */
export const THEME_CHANGE_EVENT = "themechange";

/**
 * Kept tiny and dependency-free: it is inlined into every page. `data-js`
 * tells CSS that scripts run (the switch shows only then: without scripts
 * a choice could not be remembered).
 */
export const THEME_BOOT_SCRIPT =
  `(function(d){d.dataset.js="";try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");` +
  `if(t==="light"||t==="dark")d.dataset.theme=t}catch(e){}})(document.documentElement)`;

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

/** Draws the page in `choice` now (what the boot script does at load). */
export function setThemeAttribute(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Remembers the choice (or forgets it, for "system") and applies it at once. */
export function applyThemeChoice(choice: ThemeChoice): void {
  setThemeAttribute(choice);
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // storage unavailable (private mode, blocked): the choice lasts for this page
  }
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

/** Whether the page is drawn dark now: the choice, else the system's setting. */
export function isDarkTheme(): boolean {
  const choice = document.documentElement.dataset.theme;
  if (choice === "dark") return true;
  if (choice === "light") return false;
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}
