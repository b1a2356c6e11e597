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

/** The name of the footer's three radios (one switch per page). */
export const THEME_INPUT_NAME = "theme-choice";

/**
 * Kept tiny and dependency-free: it is inlined into every page. `data-js`
 * tells CSS that scripts run (the switch shows only then: without scripts
 * a choice could not be remembered). It also runs the switch itself, from the
 * first byte rather than from hydration, so a choice made before the page's
 * JavaScript has arrived is not lost, and the switch needs no React (it sits
 * in the footer's static island, shared/ui/island.tsx): a change of one of
 * its radios applies and remembers the choice (as `applyThemeChoice`), the
 * radios show the remembered choice once the page is parsed, and another
 * tab's choice is followed.
 */
export const THEME_BOOT_SCRIPT = `(function(d,w){var K="${THEME_STORAGE_KEY}",N="${THEME_INPUT_NAME}",E="${THEME_CHANGE_EVENT}";d.dataset.js="";
function g(){try{var t=localStorage.getItem(K);return t==="light"||t==="dark"?t:"system"}catch(e){return"system"}}
function a(t){if(t==="system")delete d.dataset.theme;else d.dataset.theme=t}
function s(){var c=g();document.querySelectorAll('input[name="'+N+'"]').forEach(function(i){i.checked=i.value===c})}
a(g());document.addEventListener("DOMContentLoaded",s);
document.addEventListener("change",function(e){var i=e.target;if(!i||i.name!==N)return;a(i.value);try{i.value==="system"?localStorage.removeItem(K):localStorage.setItem(K,i.value)}catch(x){}w.dispatchEvent(new Event(E))});
w.addEventListener("storage",function(e){if(e.key===null||e.key===K){a(g());s();w.dispatchEvent(new Event(E))}})})(document.documentElement,window)`;

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
