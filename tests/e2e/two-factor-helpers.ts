/** Two-factor in the browser tests: an authenticator app (a TOTP library) and the setup on the security page. */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, open } from "./fixtures";

/** An authenticator app holding `key` (the setup key as the page shows it, spaces and all). */
export function authenticator(key: string) {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), digits: 6, period: 30, algorithm: "SHA1" });
}

/** The code after the current one: valid now too (one step of drift), and never used yet. */
export function nextCode(app: TOTP): string {
  return app.generate({ timestamp: Date.now() + 30_000 });
}

/**
 * Turns two-factor on from the security page (signed in, fresh): the key from
 * the page into an authenticator, the backup codes read, the first code in.
 */
export async function turnOnTwoFactor(page: Page, password?: string): Promise<{ app: TOTP; backupCodes: string[]; firstCode: string }> {
  await open(page, "/profile/security");
  const section = page.getByRole("region", { name: /^Two-factor authentication/ });
  await expect(section).toContainText("Off");
  if (password) await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Set up two-factor" }).click();
  const key = (await section.getByLabel("Setup key").textContent())!;
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const backupCodes = await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  const app = authenticator(key);
  const firstCode = app.generate();
  await section.getByLabel("6-digit code from the app").fill(firstCode);
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();
  await expect(section).toContainText("10 backup codes are left.");
  return { app, backupCodes, firstCode };
}

