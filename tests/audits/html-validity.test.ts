/**
 * The W3C Nu HTML checker (vnu-jar, on the installed Java) over the HTML the
 * server sends for every kind of page: each public page in both languages, the
 * auth views, a blog post, the not-found page, the signed-in pages and every
 * section of the operator console, in one run of the checker. 0 errors
 * (issue 22); warnings are allowed. What a crawler and an assistive
 * technology read before any script runs.
 */
import { afterAll, expect, inject, test } from "vitest";
import { FLOW_PAGES, localizedPath, TRANSLATED_PAGES } from "~/shared/i18n/locale";
import { createAccount, fixtureAuth, sessionCookieFor } from "../support/account-fixture";
import { nuErrors } from "./nu-checker";

const { url, database, authSecret } = inject("audit");
const accounts = fixtureAuth(database, authSecret, url);
afterAll(() => accounts.close());

async function html(path: string, cookie?: string): Promise<string> {
  const res = await fetch(new URL(path, url), { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBeLessThan(500);
  return res.text();
}

test("the Nu checker finds no error on any kind of page, signed out, signed in and in the console", async () => {
  const pages = new Map<string, string>();
  const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(await html("/blog"))?.[1];
  expect(post).toBeTruthy();
  const signedOut = [
    ...TRANSLATED_PAGES.filter((p) => !FLOW_PAGES.has(p)),
    "/auth?mode=signup",
    "/auth?mode=reset",
    "/auth/reset-password?token=gone",
    "/waitlist",
    post!,
    "/no-such-page",
    "/f/contact/thanks",
  ];
  for (const path of new Set([...signedOut, ...signedOut.map((p) => localizedPath(p, "hi"))])) pages.set(path, await html(path));

  const user = await createAccount(accounts.auth, accounts.db, { email: `nu-${Date.now()}@example.test`, operator: true });
  const { header: cookie } = await sessionCookieFor(accounts.auth, user.id);
  for (const path of ["/home", "/profile", "/profile?edit=1", "/profile?delete=1", "/profile/security", "/hi/profile", "/hi/profile/security"]) {
    pages.set(`signed-in ${path}`, await html(path, cookie));
  }
  for (const path of [
    "/admin/messages",
    "/admin/messages?status=spam",
    "/admin/forms",
    "/admin/accounts",
    `/admin/accounts/${user.id}`,
    "/admin/waitlist",
    "/admin/analytics",
    "/admin/mail",
    "/admin/audit",
  ]) {
    pages.set(`console ${path}`, await html(path, cookie));
  }
  expect(pages.size).toBeGreaterThan(60);
  const errors = await nuErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);
});
