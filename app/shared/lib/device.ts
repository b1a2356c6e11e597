/**
 * A readable name for a signed-in device from its User-Agent ("Firefox on
 * Linux"). Coarse on purpose: enough to recognise one's own devices, no
 * version numbers, nothing that fingerprints.
 */
import { shell } from "~/shared/i18n/catalog/shell";
import { fill } from "~/shared/i18n/messages";

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and the system a User-Agent names (product names: the same in every language). */
export function deviceParts(userAgent: string): { browser?: string; system?: string } {
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1],
  };
}

/** How a language says "Chrome on Android" (`{browser}`, `{system}`) and a device it cannot tell: the shell area's `device`. */
export type DeviceWords = typeof shell.device;

/** "Chrome on Android" in the given words (English by default: the name a passkey is stored under). */
export function describeDevice(userAgent: string, t: DeviceWords = shell.device): string {
  const { browser, system } = deviceParts(userAgent);
  if (browser && system) return fill(t.name, { browser, system });
  return browser ?? system ?? t.unknown;
}

/** "Chrome on Android" for a security notice, when the change came from a browser (a request without a User-Agent names none). */
export function deviceFromHeaders(headers: Headers | null | undefined, t: DeviceWords = shell.device): string | undefined {
  const agent = headers?.get("user-agent");
  return agent ? describeDevice(agent, t) : undefined;
}
