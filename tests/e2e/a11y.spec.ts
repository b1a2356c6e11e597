/**
 * axe (WCAG 2.2 AA and best practices, contrast included) on every page and
 * on the states a person opens (menus, the chat panel, the delete dialog, the
 * two-factor setup, the console with content in it). Every run checks every
 * page at 1280 px in English and in one of (390 px, English), (390 px,
 * Hindi), (1280 px, Hindi), each in one theme; which combination and which
 * theme rotate with the commit, so every pairing is seen within a few
 * commits. `npm run test:full` (A11Y=full) checks all of them in both themes.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { localizedPath, hasTwin } from "../../app/shared/i18n/locale";
import { messagesFor } from "../../app/shared/i18n/messages.server";
import { expect, expectAccessible, hydrated, PAGES, PASSWORD, test } from "./fixtures";

type Combo = { width: 390 | 1280; language: "en" | "hi" };
const BASE: Combo = { width: 1280, language: "en" };
const ROTATING: Combo[] = [
  { width: 390, language: "en" },
  { width: 390, language: "hi" },
  { width: 1280, language: "hi" },
];
const FULL = process.env.A11Y === "full";

/** The commit under test: a re-run of one commit checks the same. */
const COMMIT = (() => {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "0"; // not a git checkout
  }
})();

/** A number from the commit and `key`, the same for both in every run. */
const pick = (key: string, among: number) => createHash("sha256").update(`${COMMIT}:${key}`).digest().readUInt32BE(0) % among;

/** This run's rotating combination. */
function rotation(): Combo[] {
  return FULL ? ROTATING : [ROTATING[pick("combo", ROTATING.length)]!];
}

const COMBOS = [BASE, ...rotation()];
const label = (c: Combo) => `${c.width} px, ${c.language === "en" ? "English" : "Hindi"}`;

/** axe on what is on screen now, in this run's theme for `key` (both with A11Y=full). */
async function inTheme(page: Page, key: string) {
  const themes = FULL ? (["light", "dark"] as const) : [(["light", "dark"] as const)[pick(key, 2)]!];
  for (const colorScheme of themes) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
}

const PUBLIC = [...PAGES.map((p) => p.path), "/auth?mode=signup", "/auth?mode=reset", "/no-such-page", "/blog/attention-explained"];

for (const combo of COMBOS) {
  test.describe(label(combo), () => {
    test.use({ viewport: { width: combo.width, height: 900 } });
    const at = (path: string) => (combo.language === "hi" && (hasTwin(path.split("?")[0]!) || path === "/no-such-page") ? localizedPath(path, "hi") : path);
    // Each page once per run (all of them with A11Y=full): in this run's rotating combination or at 1280 px
    // in English, as the commit picks; a page without a Hindi twin stays English.
    const hasHindi = (p: string) => hasTwin(p.split("?")[0]!) || p === "/no-such-page";
    const rotating = COMBOS[1]!;
    const inRotation = (p: string) => (rotating.language === "hi" && !hasHindi(p) ? false : pick(`page ${p}`, 2) === 1);
    // Half of the pages per run (the other half the next commit, or so): axe costs seconds a page.
    const thisRun = (p: string) => pick(`run ${p}`, 2) === 0;
    const pages = FULL
      ? PUBLIC.filter((p) => combo.language === "en" || hasHindi(p))
      : PUBLIC.filter((p) => thisRun(p) && (combo === BASE ? !inRotation(p) : inRotation(p)));
    const t = messagesFor(combo.language);

    for (const path of pages) {
      test(`${at(path)}`, async ({ page }) => {
        await page.goto(at(path));
        await inTheme(page, `${label(combo)} ${path}`);
      });
    }

    test("opened: the menu or the chat panel, the form errors", async ({ page }) => {
      test.setTimeout(90_000); // three states
      await page.goto(at("/about"));
      if (combo.width === 390) {
        await page.getByRole("button", { name: t.shell.openMenu }).click();
        await expect(page.getByRole("dialog").first()).toBeVisible();
        await inTheme(page, `${label(combo)} state 1`);
        await page.keyboard.press("Escape");
      }
      const chat = page.getByTestId("chat-button");
      await chat.click();
      await expect(page.getByTestId("chat-panel")).toBeVisible();
      await inTheme(page, `${label(combo)} state 2`);
      await page.goto(at("/contact"));
      await page.locator("main form").getByRole("button").last().click();
      await expect(page.locator("main form [aria-invalid=true]").first()).toBeVisible();
      await inTheme(page, `${label(combo)} state 3`);
    });

    test("signed in: the profile, its delete dialog, the security page and the two-factor setup", async ({ page, signIn }) => {
      test.setTimeout(120_000); // four signed-in states (45 s ran out beside CI's other lane)
      await signIn({ name: "Asha Rao", language: combo.language });
      await page.goto(at("/profile"));
      await hydrated(page);
      await inTheme(page, `${label(combo)} state 4`);
      if (combo.width === 1280) {
        await page
          .getByRole("banner")
          .getByRole("button", { name: t.shell.accountMenuFor.replace("{name}", "Asha Rao") })
          .click();
        await expect(page.getByRole("menu")).toBeVisible();
        await inTheme(page, `${label(combo)} state 5`);
        await page.keyboard.press("Escape");
      }
      await page.getByRole("button", { name: t.account.page.deleteAccount, exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await inTheme(page, `${label(combo)} state 6`);
      await page.goto(at("/profile/security"));
      await inTheme(page, `${label(combo)} state 7`);
      const setUp = page.getByRole("button", { name: t.account.security.twoFactor.setUp });
      await page.locator("form", { has: setUp }).getByLabel(t.account.security.twoFactor.yourPassword).fill(PASSWORD);
      await setUp.click();
      await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
      await inTheme(page, `${label(combo)} state 8`);
    });

    // The console is English and for desks: at 1280 px, half of its sections per run (all with A11Y=full).
    const SECTIONS = [
      "/admin/messages",
      "/admin/forms",
      "/admin/accounts",
      "/admin/accounts/:self",
      "/admin/waitlist",
      "/admin/analytics",
      "/admin/mail",
      "/admin/audit",
    ];
    if (combo === BASE || (FULL && combo.language === "en")) {
      for (const section of SECTIONS.filter((s) => FULL || pick(`run ${s}`, 2) === 0)) {
        test(`the operator console: ${section}, with content in it`, async ({ page, signIn, request }) => {
          test.setTimeout(30_000);
          const operator = await signIn({ operator: true });
          if (section === "/admin/messages") {
            expect(
              (await request.post("/api/forms/contact", { data: { name: "Dee", email: "dee@example.com", message: "Hello from the axe test." } })).status(),
            ).toBe(200);
          }
          await page.goto(section.replace(":self", operator.id));
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          // Nothing wider than the screen (a table scrolls inside its own region).
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(combo.width);
          await inTheme(page, `${label(combo)} ${section}`);
        });
      }
    }
  });
}

/** What has focus: never <body> (focus lost), always something on screen. */
async function focusIsSomewhere(page: Page) {
  const state = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { body: true, visible: false, what: "body" };
    const box = el.getBoundingClientRect();
    return { body: false, visible: box.width > 0 && box.height > 0, what: `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` };
  });
  expect(state.body, "focus fell to <body>").toBe(false);
  expect(state.visible, `focused element is not visible: ${state.what}`).toBe(true);
}

/** Presses Tab until the focused element matches, at most `max` times. */
async function tabTo(page: Page, matches: (el: { tag: string; text: string }) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const el = await page.evaluate(() => ({ tag: document.activeElement!.tagName, text: (document.activeElement!.textContent ?? "").trim() }));
    if (matches(el)) return;
  }
  throw new Error("never reached by Tab");
}

for (const path of ["/about", "/profile"]) {
  test(`the side menu by keyboard on ${path}: Tab and Shift+Tab go round inside it while it is open`, async ({ page, signIn }) => {
    if (path === "/profile") await signIn();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
    const controls = await menu.locator("a[href], button:not([disabled])").count();
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press("Tab");
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
    }
    await expect(menu).toBeVisible();
  });
}

test("by keyboard alone: the skip link, the chat panel, the sign-in, the profile's edit and the delete dialog", async ({ page, makeAccount }) => {
  test.slow(true, "five parts of the site, every step by Tab");
  const user = await makeAccount({ name: "Keyboard Kavya" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/about");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  const chat = page.getByTestId("chat-button");
  await expect(chat).toBeVisible();
  await chat.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Chat with Tuesday AI" });
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(chat).toBeFocused();

  await page.goto("/auth");
  await tabTo(page, (el) => el.tag === "INPUT");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(user.password!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  // The form posted, so /home is a whole new page: the keyboard starts at its top, at the skip link.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

  await page.goto("/profile");
  await hydrated(page);
  await tabTo(page, (el) => el.text === "Edit Profile");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await tabTo(page, (el) => el.tag === "TEXTAREA");
  await page.keyboard.type("Typed without a mouse.");
  await tabTo(page, (el) => el.text === "Save");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Typed without a mouse.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();

  await tabTo(page, (el) => el.text === "Delete Account");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await focusIsSomewhere(page);
  await dialog.getByLabel(/Type your name/).focus();
  await page.keyboard.type(user.name);
  await page.keyboard.press("Tab");
  await page.keyboard.type("not-the-password-9");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Failed to delete account. Please check your password.")).toBeVisible();
  await focusIsSomewhere(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Delete Account" })).toBeFocused();
});

test("by keyboard, the account menu on a page without React: Enter opens it on its first item, the arrows move, Tab out closes it", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn({ name: "Asha Rao" });
  // The signed-in pricing page is rendered for its viewer and runs no React: the page script gives the menu its keys.
  await page.goto("/pricing");
  await page.getByRole("banner").getByRole("button", { name: "Account menu for Asha Rao" }).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Account menu for Asha Rao" });
  await expect(menu.getByRole("menuitem", { name: "View Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(menu.getByRole("menuitem", { name: "View Profile" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  // By mouse, its button opens it and closes it again (the focus it takes from the menu does not reopen it).
  const button = page.getByRole("banner").getByRole("button", { name: "Account menu for Asha Rao" });
  await button.click();
  await expect(menu.getByRole("menuitem", { name: "View Profile" })).toBeFocused();
  await button.click();
  await expect(menu).toBeHidden();
});
