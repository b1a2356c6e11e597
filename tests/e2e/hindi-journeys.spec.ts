/**
 * Issue 20, tried as a Hindi-reading visitor would, with and without
 * JavaScript: sign up, verify, sign out, a wrong password, sign in, save the
 * profile, send feedback, reset the password, delete the account; every page
 * on the way in Hindi (no English word left), every message in Hindi, every
 * mail in Hindi, and the mail language on the profile.
 *
 * The expected words come from the Hindi catalog the site ships, so the test
 * asserts that the page shows them (not its own copy of them).
 */
import type { Page } from "@playwright/test";
import { site } from "../../app/config/site";
import { fill } from "../../app/shared/i18n/messages";
import { hi } from "../../app/shared/i18n/messages.hi";
import { appDb, expect, linkIn, test, uniqueEmail, waitForMail, wake } from "./fixtures";
import { latinWords } from "./hindi-words";

const t = hi;

/** The page is Hindi and shows no English word beyond names. */
async function inHindi(page: Page, where: string) {
  await expect(page.locator("html"), where).toHaveAttribute("lang", "hi");
  expect(await latinWords(page), `Latin-script words on ${where}`).toEqual([]);
}

/** A mail in Hindi: its subject is the Hindi catalog's, its HTML says lang="hi". */
function expectHindiMail(mail: { subject: string; html: string; text: string }, subject: string) {
  expect(mail.subject).toBe(subject);
  expect(mail.html).toContain('<html lang="hi">');
  expect(mail.text).not.toMatch(/\b(the|your|you|and|to|of|is)\b/i);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a Hindi reader ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 860 } });

    test("signs up, verifies, signs in, saves the profile, sends feedback, resets the password and deletes the account, all in Hindi", async ({ page }, testInfo) => {
      test.setTimeout(240_000);
      const email = uniqueEmail(testInfo, javaScriptEnabled ? "hi-js" : "hi-nojs");
      const password = `hindi-pass-${Date.now()}`;
      const newPassword = `hindi-new-${Date.now()}`;
      const name = "आशा वर्मा";
      const ready = async () => {
        if (!javaScriptEnabled) return;
        await wake(page);
        await page.locator("html[data-hydrated]").waitFor();
      };

      // Sign up from the Hindi sign-in page.
      await page.goto("/hi/auth?mode=signup");
      await ready();
      await inHindi(page, "/hi/auth?mode=signup");
      await expect(page).toHaveTitle(`${t.auth.views.titles.signup} | ${site.productName}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.auth.views.headings.signup.title);
      // An empty submit: the field errors in Hindi, in their slots.
      await page.getByRole("button", { name: t.auth.views.submit.signup }).click();
      await expect(page.getByLabel(t.auth.views.emailLabel, { exact: true })).toHaveAccessibleDescription(t.auth.fields.emailMissing);
      await page.getByLabel(t.auth.views.nameLabel).fill(name);
      await page.getByLabel(t.auth.views.emailLabel, { exact: true }).fill(email);
      await page.getByLabel(t.auth.views.passwordLabel, { exact: true }).fill(password);
      await page.getByRole("button", { name: t.auth.views.submit.signup }).click();
      await expect(page).toHaveURL(/\/hi\/auth\?mode=verify$/);
      await expect(page.getByText(t.auth.messages.checkEmail)).toBeVisible();
      await inHindi(page, "/hi/auth?mode=verify");

      // The verification mail is Hindi; its link signs in and lands on the Hindi home, which says so.
      const verification = await waitForMail(email, new RegExp(t.mail.verification.subject));
      expectHindiMail(verification, t.mail.verification.subject);
      expect((await appDb(testInfo).selectFrom("user").select("language").where("email", "=", email).executeTakeFirstOrThrow()).language).toBe("hi");
      await page.goto(linkIn(verification, /verify-email/));
      await expect(page).toHaveURL(/\/hi\/home$/);
      await expect(page.getByTestId("flash")).toHaveText(fill(t.flash.emailVerifiedNamed, { name }));
      await inHindi(page, "/hi/home (verified)");

      // Sign out from the profile: the Hindi home says so.
      await page.goto("/hi/profile");
      await ready();
      await inHindi(page, "/hi/profile");
      await page.getByRole("button", { name: t.account.page.signOut }).first().click();
      // With JavaScript the page drops its `?signed-out=1` flag once read (root-deferred.tsx),
      // so either address may be the one seen; without it the flag stays.
      await expect(page).toHaveURL(javaScriptEnabled ? /\/hi(\?signed-out=1)?$/ : /\/hi\?signed-out=1$/);
      await expect(page.getByTestId("flash")).toHaveText(t.flash.signedOut);

      // A wrong password, then the right one.
      await page.goto("/hi/auth");
      await ready();
      await page.getByLabel(t.auth.views.emailLabel, { exact: true }).fill(email);
      await page.getByLabel(t.auth.views.passwordLabel, { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: t.auth.views.submit.signin, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(t.auth.messages.invalidCredentials);
      await inHindi(page, "/hi/auth (wrong password)");
      await page.getByLabel(t.auth.views.passwordLabel, { exact: true }).fill(password);
      await page.getByRole("button", { name: t.auth.views.submit.signin, exact: true }).click();
      await expect(page).toHaveURL(/\/hi\/home$/);
      await expect(page.getByTestId("flash")).toHaveText(fill(t.flash.signedInNamed, { name }));

      // The profile: a save in Hindi, and the mail language kept.
      await page.goto("/hi/profile?edit=1");
      await ready();
      await inHindi(page, "/hi/profile?edit=1");
      await expect(page.getByLabel(t.account.details.language)).toHaveValue("hi");
      await page.getByLabel(t.account.details.about).fill("मुझे क्षमा, त्रिभुज, श्रम और ज्ञान जैसे शब्द पसंद हैं।");
      await page.getByRole("button", { name: t.account.details.save }).click();
      await expect(page.getByText(t.account.profile.updated)).toBeVisible();
      await expect(page.getByRole("region", { name: t.account.details.heading }).getByText("मुझे क्षमा, त्रिभुज")).toBeVisible();

      // Feedback in Hindi: the form's errors and its success text.
      await page.goto("/hi/feedback");
      await ready();
      await inHindi(page, "/hi/feedback");
      await page.getByLabel(t.forms.labels.message).fill("हिन्दी में सुझाव: बहुत बढ़िया!");
      await page.getByRole("button", { name: t.forms.feedback.submit }).click();
      await expect(page.getByText(t.forms.feedback.success)).toBeVisible();
      expect((await appDb(testInfo).selectFrom("form_message").select("language").where("email", "=", email).executeTakeFirstOrThrow()).language).toBe("hi");

      // Forgot the password: the Hindi reset request, mail and page.
      await page.context().clearCookies({ name: /session_token|session_data/ });
      await page.goto("/hi/auth?mode=reset");
      await ready();
      await inHindi(page, "/hi/auth?mode=reset");
      await page.getByLabel(t.auth.views.emailLabel, { exact: true }).fill(email);
      await page.getByRole("button", { name: t.auth.views.submit.reset }).click();
      await expect(page.getByText(t.auth.messages.resetSent)).toBeVisible();
      const reset = await waitForMail(email, new RegExp(t.mail.passwordReset.subject));
      expectHindiMail(reset, t.mail.passwordReset.subject);
      await page.goto(linkIn(reset, /reset-password/));
      await expect(page).toHaveURL(/\/hi\/auth\/reset-password\?token=/);
      await ready();
      await inHindi(page, "/hi/auth/reset-password");
      await page.getByLabel(t.auth.reset.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(t.auth.reset.repeat).fill(`${newPassword}x`);
      await page.getByRole("button", { name: t.auth.reset.submit }).click();
      await expect(page.getByLabel(t.auth.reset.repeat)).toHaveAccessibleDescription(t.auth.fields.mismatch);
      // (Without JavaScript the answer is a new page: a browser never refills password fields.)
      await page.getByLabel(t.auth.reset.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(t.auth.reset.repeat).fill(newPassword);
      await page.getByRole("button", { name: t.auth.reset.submit }).click();
      await expect(page.getByText(t.auth.messages.passwordReset)).toBeVisible();
      const changed = await waitForMail(email, new RegExp(t.mail.passwordChanged.subject));
      expectHindiMail(changed, t.mail.passwordChanged.subject);
      // The device the reset came from, said the Hindi way (issue 22: the reset page's change named none);
      // Playwright's "Desktop Chrome" user agent says Windows whatever the machine.
      expect(changed.text).toContain(fill(t.shell.device.name, { browser: "Chrome", system: "Windows" }));

      // Signed in with the new password, the account is deleted from the Hindi profile.
      await page.goto("/hi/auth");
      await ready();
      await page.getByLabel(t.auth.views.emailLabel, { exact: true }).fill(email);
      await page.getByLabel(t.auth.views.passwordLabel, { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: t.auth.views.submit.signin, exact: true }).click();
      await expect(page).toHaveURL(/\/hi\/home$/);
      await page.goto("/hi/profile");
      await ready();
      if (javaScriptEnabled) await page.getByRole("button", { name: t.account.page.deleteAccount }).click();
      else await page.getByRole("link", { name: t.account.page.deleteAccount }).click();
      const where = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("region", { name: t.account.page.deleteHeading });
      await inHindi(page, "/hi/profile (delete)");
      await where.getByLabel(fill(t.account.deletion.typeName, { name })).fill(name);
      await where.getByLabel(t.account.deletion.password, { exact: true }).fill("wrong-password");
      await where.getByRole("button", { name: t.account.deletion.submit }).click();
      await expect(page.getByText(t.account.profile.deleteFailed)).toBeVisible();
      await where.getByLabel(fill(t.account.deletion.typeName, { name })).fill(name);
      await where.getByLabel(t.account.deletion.password, { exact: true }).fill(newPassword);
      await where.getByRole("button", { name: t.account.deletion.submit }).click();
      await expect(page).toHaveURL(/\/hi\/home\?deleted=1(#.*)?$/);
      await expect(page.getByTestId("flash")).toHaveText(t.flash.accountDeleted);
      await inHindi(page, "/hi/home (deleted)");
      const deleted = await waitForMail(email, new RegExp(t.mail.accountDeleted.subject));
      expectHindiMail(deleted, t.mail.accountDeleted.subject);
    });
  });
}

test("the mail language is the account's: chosen on the profile, it holds for a mail asked for from an English page too", async ({ page }, testInfo) => {
  const { createVerifiedUser, signInViaUi } = await import("./fixtures");
  const user = await createVerifiedUser(page.request, uniqueEmail(testInfo, "hi-lang"));
  await signInViaUi(page, user.email);
  await page.goto("/hi/profile?edit=1");
  await wake(page);
  await page.locator("html[data-hydrated]").waitFor();
  await expect(page.getByLabel(t.account.details.language)).toHaveValue("en");
  await page.getByLabel(t.account.details.language).selectOption("hi");
  await page.getByRole("button", { name: t.account.details.save }).click();
  await expect(page.getByText(t.account.profile.updated)).toBeVisible();
  expect((await appDb(testInfo).selectFrom("user").select("language").where("email", "=", user.email).executeTakeFirstOrThrow()).language).toBe("hi");
  // Signed out, a reset link asked for from the English page: the mail is in the account's language.
  await page.context().clearCookies({ name: /session_token|session_data/ });
  await page.goto("/auth?mode=reset");
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for that address, a password reset link is on its way. Check your inbox.")).toBeVisible();
  expectHindiMail(await waitForMail(user.email, new RegExp(t.mail.passwordReset.subject)), t.mail.passwordReset.subject);
});

test.describe("the waitlist in Hindi, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 860 } });

  test("join from /hi/coming-soon, confirm by the Hindi mail's link, leave by its unsubscribe link: every page and the mail in Hindi", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "hi-wait");
    const w = t.waitlistPages;
    await page.goto("/hi/coming-soon");
    const block = page.locator("section", { has: page.getByRole("button", { name: t.waitlist.submit }) });
    await block.getByLabel(t.waitlist.email, { exact: true }).fill(email);
    await block.getByRole("button", { name: t.waitlist.submit }).click();
    await expect(page).toHaveURL(/\/hi\/waitlist$/);
    await expect(page.getByRole("status")).toContainText(fill(t.waitlist.checkInboxText, { email }));
    await inHindi(page, "/hi/waitlist (joined)");

    const mail = await waitForMail(email, new RegExp(t.mail.waitlistConfirm.subject));
    expectHindiMail(mail, t.mail.waitlistConfirm.subject);
    const confirm = linkIn(mail, /\/hi\/waitlist\/confirm\?token=/);
    const unsubscribe = linkIn(mail, /\/hi\/waitlist\/unsubscribe\?id=/);

    await page.goto(confirm);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.confirm.titlePending);
    await inHindi(page, "/hi/waitlist/confirm");
    await page.getByRole("button", { name: w.confirm.button }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.confirm.titleListed);
    await inHindi(page, "/hi/waitlist/confirm (confirmed)");
    expect((await appDb(testInfo).selectFrom("waitlist_entry").select(["status", "language"]).where("email", "=", email).executeTakeFirstOrThrow())).toEqual({ status: "confirmed", language: "hi" });

    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.unsubscribe.titleListed);
    await inHindi(page, "/hi/waitlist/unsubscribe");
    await page.getByRole("button", { name: w.unsubscribe.button }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.unsubscribe.titleLeft);
    await inHindi(page, "/hi/waitlist/unsubscribe (left)");
    expect(await appDb(testInfo).selectFrom("waitlist_entry").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });
});
