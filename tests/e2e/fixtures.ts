/**
 * What every browser journey shares: the servers' addresses and databases,
 * the mail the SMTP sink caught, Google's and GitHub's stand-ins, axe, and a
 * signed-in browser in milliseconds (`signIn`: an account written through the
 * app's own stores and its session cookie, tests/support/account-fixture.ts).
 * Only the journeys about signing up, verifying, signing in and resetting go
 * through the forms and the mail.
 *
 * No test "wakes" a page: a journey presses what a person presses as soon as
 * it shows, whether or not the page's scripts have run (issue 39).
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Route, test as base, type TestInfo } from "@playwright/test";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Database } from "../../app/infra/db/schema";
import {
  accountRecordOf,
  type AccountOptions,
  createAccount,
  type FixtureAccount,
  fixtureAuth,
  FIXTURE_PASSWORD,
  sessionCookieFor,
} from "../support/account-fixture";
import type { Identity } from "../support/oauth-servers";
import type { SunkMail } from "../support/smtp-sink";
import { E2E_AUTH_SECRET, harnessUrl } from "../support/ports";

export { expect };

/** Every route of spec section 2 with the heading it must show. */
export const PAGES: { path: string; heading: string | RegExp }[] = [
  { path: "/", heading: "Innovation, fueled by faith." },
  { path: "/home", heading: "Innovation, fueled by faith." },
  { path: "/about", heading: "About Tuesday AI" },
  { path: "/product", heading: "Products" },
  { path: "/pricing", heading: "Pricing" },
  { path: "/vision", heading: "Our Vision" },
  { path: "/team", heading: "Meet the Team" },
  { path: "/story", heading: "Our Story" },
  { path: "/features", heading: "Features" },
  { path: "/auth", heading: "Welcome Back" },
  { path: "/community", heading: "Join the Community" },
  { path: "/feedback", heading: "Share Your Feedback" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/blog", heading: "Blog" },
  { path: "/coming-soon", heading: "Coming Soon" },
  { path: "/waitlist", heading: "Join the waitlist" },
  { path: "/license", heading: "License" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/cookie-policy", heading: "Cookie Policy" },
];

export const PASSWORD = FIXTURE_PASSWORD;

/** Waits until React has hydrated the page (only for what a script alone can do; a press never waits for it). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor();
}

/** Waits for the route-change overlay (1.4 s after the press; in every page's markup, shown by CSS) to clear. */
export async function overlayCleared(page: Page) {
  await expect(page.getByTestId("route-overlay")).toBeHidden();
}

/**
 * Watches for the route-change overlay on every page this tab shows from now
 * on, as a person would see it: shown means its element was on screen. A
 * press on a slow phone may leave before the next page arrives, so the
 * overlay is seen on the page that was left; a check after the press, on the
 * next page, would come too late to see it.
 */
export async function watchOverlay(page: Page) {
  const times: number[] = [];
  await page.exposeFunction("overlayShown", () => void times.push(Date.now()));
  await page.addInitScript(() => {
    const check = () => {
      const overlay = document.querySelector<HTMLElement>("[data-route-overlay]");
      if (document.documentElement?.hasAttribute("data-navigating") && overlay && getComputedStyle(overlay).display !== "none") {
        (window as unknown as { overlayShown(): void }).overlayShown();
      }
    };
    // Init scripts run before <html> exists: watch the document for it.
    new MutationObserver(check).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-navigating"] });
    document.addEventListener("DOMContentLoaded", check);
  });
  return {
    /** Waits until the overlay has been on screen (a web-first check, like `toBeVisible`). */
    seen: () => expect.poll(() => times.length, { message: "the route-change overlay was shown" }).toBeGreaterThan(0),
  };
}

/**
 * Holds back every request matching `pattern` (default: the page's scripts)
 * until `release()`: a slow network made exact, so a test sees the page as a
 * visitor does before its scripts arrive.
 */
export async function holdRequests(page: Page, pattern: RegExp = /\/assets\/.+\.js$/) {
  const held: Route[] = [];
  let open = false;
  await page.route(pattern, (route) => (open ? route.continue() : void held.push(route)));
  return {
    held: () => held.length,
    release: async () => {
      open = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/**
 * Runs axe (WCAG 2.2 A and AA, and best practices) and fails with a readable
 * list of violations. Also "label-content-name-mismatch" (WCAG 2.5.3: the
 * accessible name contains the visible label), which axe ships as experimental
 * and leaves off.
 */
export async function expectAccessible(page: Page) {
  // Contrast measured mid-fade is no one's contrast: let every finite animation (a dialog's, a toast's) end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** A fresh address per test, readable in failures. */
export function uniqueEmail(testInfo: TestInfo, label = "user"): string {
  return `${label}-${testInfo.project.name}-${randomBytes(4).toString("hex")}@example.test`.toLowerCase();
}

// ---- mail (the SMTP sink) ----

export async function mailsTo(email: string): Promise<SunkMail[]> {
  const res = await fetch(`${harnessUrl.smtpApi}/messages?to=${encodeURIComponent(email)}`);
  return (await res.json()) as SunkMail[];
}

/** Waits until `count` mails to `email` have arrived and returns the newest matching one. */
export async function waitForMail(email: string, subject: RegExp, count = 1): Promise<SunkMail> {
  let found: SunkMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email)).filter((m) => subject.test(m.subject));
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[found.length - 1]!;
}

export function linkIn(mail: SunkMail, pattern: RegExp): string {
  const link = mail.links.find((l) => pattern.test(l));
  if (!link) throw new Error(`no link matching ${pattern} in "${mail.subject}": ${mail.links.join(", ")}`);
  return link;
}

/**
 * Makes the SMTP sink refuse the next `count` deliveries: all of them, or only
 * those whose subject or text contains `matching` (other tests running at the
 * same time keep their mail).
 */
export async function failNextMails(count: number, matching?: string) {
  const match = matching ? `&match=${encodeURIComponent(matching)}` : "";
  await fetch(`${harnessUrl.smtpApi}/fail?count=${count}${match}`, { method: "POST" });
}

// ---- OAuth ----

export async function queueIdentity(provider: "google" | "github", appOrigin: string, identity: Identity) {
  const res = await fetch(`${harnessUrl.oauthControl}/identity?provider=${provider}&for=${encodeURIComponent(appOrigin)}`, {
    method: "POST",
    body: JSON.stringify(identity),
  });
  expect(res.ok).toBe(true);
}

// ---- the app's database, for moving clocks and checking rows ----

const databases = new Map<string, Kysely<Database>>();

export function appDb(testInfo: TestInfo): Kysely<Database> {
  const name = testInfo.project.name;
  let db = databases.get(name);
  if (!db) {
    const target = process.env[`E2E_DB_${name}`];
    if (!target) throw new Error(`no database known for project ${name}`);
    db = target.startsWith("postgres")
      ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target, max: 2 }) }) })
      : new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(target, { timeout: 5000 }) }) });
    databases.set(name, db);
  }
  return db;
}

export function profileOf(testInfo: TestInfo, email: string) {
  return accountRecordOf(appDb(testInfo), email);
}

// ---- accounts ----

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! || 1}`;
}

type Fixtures = {
  clientIp: string;
  /** An account made in milliseconds (verified unless told otherwise), not signed in. */
  makeAccount: (options?: AccountOptions) => Promise<FixtureAccount>;
  /** An account made in milliseconds and this browser signed in to it. */
  signIn: (options?: AccountOptions) => Promise<FixtureAccount>;
  /** This browser signed in to `account` with a new session (replacing the one it holds). */
  newSession: (account: { id: string }) => Promise<void>;
};
type WorkerFixtures = { accounts: ReturnType<typeof fixtureAuth> };

/**
 * Every test comes from its own client IP (the servers trust X-Forwarded-For
 * in tests), so one test's rate-limit budget never spills into another's.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  clientIp: async ({}, use) => use(randomIp()),
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "x-forwarded-for": clientIp }),
  accounts: [
    async ({}, use, workerInfo) => {
      const name = workerInfo.project.name;
      const database = process.env[`E2E_DB_${name}`];
      if (!database) throw new Error(`no database known for project ${name}`);
      const accounts = fixtureAuth(database, E2E_AUTH_SECRET, String(workerInfo.project.use.baseURL));
      await use(accounts);
      await accounts.close();
    },
    { scope: "worker" },
  ],
  makeAccount: async ({ accounts }, use, testInfo) => {
    await use((options = {}) => createAccount(accounts.auth, accounts.db, { email: uniqueEmail(testInfo), ...options }));
  },
  newSession: async ({ accounts, context, baseURL }, use) => {
    await use(async (account) => {
      const cookie = await sessionCookieFor(accounts.auth, account.id);
      await context.addCookies([{ name: cookie.name, value: encodeURIComponent(cookie.value), url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    });
  },
  signIn: async ({ makeAccount, newSession }, use) => {
    await use(async (options = {}) => {
      const account = await makeAccount(options);
      await newSession(account);
      return account;
    });
  },
});

/**
 * Moves the sign-in of every session of `email` `minutes` into the past (a
 * clock moved forward, as far as re-authentication can tell). Call it before
 * the browser first uses the session: the server remembers a session it has
 * read (the session cache) and would not see the change.
 */
export async function ageSessions(testInfo: TestInfo, email: string, minutes: number) {
  const db = appDb(testInfo);
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await db
    .updateTable("session")
    .set({ createdAt: new Date(Date.now() - minutes * 60_000).toISOString(), reauthenticatedAt: null })
    .where("userId", "=", user.id)
    .execute();
}
