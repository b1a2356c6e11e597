import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test as base, type TestInfo } from "@playwright/test";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Database } from "../../app/infra/db/schema";
import type { Identity } from "../support/oauth-servers";
import type { SunkMail } from "../support/smtp-sink";
import { harnessUrl } from "../support/ports";

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

export const PASSWORD = "correct-horse-7";

/**
 * A visitor's first move on a page that waits for one before hydrating
 * (docs/decisions/0005-initial-javascript-budget.md, "Hydration on intent"):
 * a press of Shift, which nothing on the site answers. A signed-in page does
 * not wait; there it changes nothing.
 */
export async function wake(page: Page) {
  await page.keyboard.press("Shift");
}

/** Opens a page, makes the visitor's first move, and waits until React has hydrated it. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await wake(page);
  await page.locator("html[data-hydrated]").waitFor();
  return response;
}

/**
 * Waits until a popup has closed. A popup that ends its flow at once can close
 * before a `waitForEvent("close")` registered afterwards would hear it.
 */
export async function popupClosed(popup: Page) {
  if (!popup.isClosed()) await popup.waitForEvent("close");
}

/** Waits for the route-change overlay (1.4 s) to clear. */
export async function overlayCleared(page: Page) {
  await expect(page.getByTestId("route-overlay")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Runs axe (WCAG 2.2 A and AA, and best practices) and fails with a readable
 * list of violations. Also "label-content-name-mismatch" (WCAG 2.5.3: the
 * accessible name contains the visible label), which axe ships as experimental
 * and leaves off.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`,
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
    .poll(async () => {
      found = (await mailsTo(email)).filter((m) => subject.test(m.subject));
      return found.length;
    }, { timeout: 10_000 })
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

export async function profileOf(testInfo: TestInfo, email: string) {
  return appDb(testInfo)
    .selectFrom("user")
    .innerJoin("profile", "profile.user_id", "user.id")
    .select(["user.id", "user.name", "user.emailVerified", "profile.login_count", "profile.last_login", "profile.verification_attempts", "profile.verification_sent_at"])
    .where("user.email", "=", email)
    .executeTakeFirst();
}

// ---- accounts ----

/**
 * Signs up and verifies through the API and the real mail, as fast as possible. The link signs its
 * opener in (issue 22); it is opened outside `request`, whose cookies the test keeps, and that session
 * is then signed out (unless `keepLinkSession`), so the account starts with no session, as before:
 * signed in once (login_count 1), no device listed.
 */
export async function createVerifiedUser(request: APIRequestContext, email: string, password = PASSWORD, { keepLinkSession = false } = {}) {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: email.split("@")[0], callbackURL: "/auth?verified=1" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await waitForMail(email, /Verify your email/);
  const ip = randomIp();
  const link = linkIn(mail, /verify-email/);
  // Opened with the sign-up's own cookies (the browser that signed up): elsewhere it would drop the password (ADR 0034).
  const signUpCookies = (await res.headersArray())
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value.split(";")[0]!)
    .join("; ");
  const verified = await fetch(link, { redirect: "manual", headers: { "x-forwarded-for": ip, cookie: signUpCookies } });
  expect(verified.status).toBe(302);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
  expect(cookie).toContain("session_token=");
  if (!keepLinkSession) {
    const origin = new URL(link).origin;
    const out = await fetch(`${origin}/api/auth/sign-out`, { method: "POST", headers: { cookie, origin, "x-forwarded-for": ip, "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
  }
  return { email, password, name: email.split("@")[0]! };
}

/** Signs in through the /auth form and waits for /home. */
export async function signInViaUi(page: Page, email: string, password = PASSWORD, { remember = false } = {}) {
  await open(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (remember) await page.getByLabel("Remember this device").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await overlayCleared(page);
}

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! || 1}`;
}

/**
 * Every test comes from its own client IP (the servers trust X-Forwarded-For
 * in tests), so one test's rate-limit budget never spills into another's.
 */
export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => use(randomIp()),
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "x-forwarded-for": clientIp }),
});

/**
 * Moves the sign-in of every session of `email` `minutes` into the past (a
 * clock moved forward, as far as re-authentication can tell). The server
 * remembers sessions for a few seconds (the session cache); a sign-in of the
 * same account through the API is a write it hears, and it forgets them.
 */
export async function ageSessions(testInfo: TestInfo, request: APIRequestContext, email: string, minutes: number, password = PASSWORD) {
  const db = appDb(testInfo);
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await db
    .updateTable("session")
    .set({ createdAt: new Date(Date.now() - minutes * 60_000).toISOString(), reauthenticatedAt: null })
    .where("userId", "=", user.id)
    .execute();
  await forgetCachedSessions(testInfo, request, email, password);
}

/**
 * Makes the server forget what it remembers of `email`'s sessions (the
 * session cache, the replayed answers) after a test changed them in the
 * database behind its back: a sign-in of the account through the API is a
 * write the server hears.
 */
export async function forgetCachedSessions(testInfo: TestInfo, request: APIRequestContext, email: string, password = PASSWORD) {
  const origin = new URL(String(testInfo.project.use.baseURL)).origin;
  const res = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}
