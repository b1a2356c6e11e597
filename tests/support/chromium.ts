/**
 * Finds a Chromium to drive: CHROME_PATH, then the usual install paths.
 * Playwright's own browser download does not work everywhere (it needs the
 * internet); a system Chromium always can be installed.
 */
import { existsSync } from "node:fs";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but there is no file there.`);
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  throw new Error(
    [
      "No Chromium found for the browser tests.",
      "Install one, or point CHROME_PATH at it:",
      "  Debian/Ubuntu: sudo apt-get install -y chromium",
      "  macOS:         brew install --cask chromium",
      "  any system:    CHROME_PATH=/path/to/chrome npm test",
    ].join("\n"),
  );
}

/** Flags for a quiet headless Chromium on a machine without internet access. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
