/**
 * The W3C Nu HTML checker (vnu-jar from npm, run on the installed Java) on
 * every public page, the auth views, a blog post, the not-found page, the
 * signed-in pages (English and Hindi) and every section of the operator
 * console: the HTML the server sends (what a crawler and an assistive
 * technology read before any script runs), checked in one run of the checker.
 * 0 errors (issue 22); warnings are allowed.
 */
import { appDb, createVerifiedUser, expect, PAGES, signInViaUi, test, uniqueEmail } from "./fixtures";
import { nuErrors } from "./nu-checker";

test("the W3C Nu checker finds no error on any page, signed out and signed in", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "sqlite", "one database is enough: the HTML is the same");
  test.setTimeout(180_000);
  const pages = new Map<string, string>();
  const fetchHtml = async (url: string) => {
    const res = await request.get(url);
    expect(res.status(), url).toBeLessThan(500);
    return res.text();
  };
  const blogPost = /href="(\/blog\/[a-z0-9-]+)"/.exec(await fetchHtml("/blog"))?.[1];
  expect(blogPost).toBeTruthy();
  for (const url of [...PAGES.map((p) => p.path), "/auth?mode=signup", "/auth?mode=reset", "/auth/reset-password?token=gone", blogPost!, "/no-such-page", "/hi", "/hi/pricing", "/hi/cookie-policy", `/hi${blogPost!}`, "/hi/no-such-page"]) {
    pages.set(url, await fetchHtml(url));
  }

  // Signed in: the same browser's cookies, the server's HTML of each page.
  const user = await createVerifiedUser(request, uniqueEmail(testInfo, "nu"));
  await signInViaUi(page, user.email);
  for (const url of ["/home", "/profile", "/profile?edit=1", "/profile?delete=1", "/profile/security", "/hi/profile", "/hi/profile/security"]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    pages.set(`signed-in ${url}`, await res.text());
  }
  // The operator console, every section (the same account made an operator).
  const db = appDb(testInfo);
  const row = await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow();
  await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", row.id).execute();
  for (const url of ["/admin/messages", "/admin/messages?status=spam", "/admin/forms", "/admin/accounts", `/admin/accounts/${row.id}`, "/admin/waitlist", "/admin/analytics", "/admin/mail", "/admin/audit"]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    pages.set(`console ${url}`, await res.text());
  }

  const errors = await nuErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);
});
