/**
 * A Hindi reader (issue 20, docs/decisions/0032-hindi.md): the whole account
 * lived in Hindi with scripts and without (the mails in Hindi too), the
 * waitlist, the language switch, the widgets' words and the page's own
 * Devanagari font. Every twin's markup (lang, alternates, no English left) is
 * the audits' (tests/audits/page-markup.test.ts), without a browser.
 */
import type { Page } from "@playwright/test";
import { site } from "../../app/config/site";
import { fill } from "../../app/shared/i18n/messages";
import { hi } from "../../app/shared/i18n/messages.hi";
import { latinWords } from "../support/hindi-words";
import { appDb, expect, hydrated, linkIn, test, uniqueEmail, waitForMail } from "./fixtures";

const t = hi;

/** The page is Hindi and shows no English word beyond names. */
async function inHindi(page: Page, where: string) {
  await expect(page.locator("html"), where).toHaveAttribute("lang", "hi");
  expect(latinWords(await page.content()), `Latin-script words on ${where}`).toEqual([]);
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

    test("signs up, verifies, signs in, saves the profile, sends feedback, resets the password and deletes the account, all in Hindi", async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000); // eleven pages, four mails and two sign-ins: the whole account in Hindi
      const email = uniqueEmail(testInfo, javaScriptEnabled ? "hi-js" : "hi-nojs");
      const password = `hindi-pass-${Date.now()}`;
      const newPassword = `hindi-new-${Date.now()}`;
      const name = "आशा वर्मा";
      // With scripts, the page's own checks and dialogs are theirs: wait for them (presses.spec.ts presses before).
      const ready = async () => {
        if (javaScriptEnabled) await hydrated(page);
      };

      // Sign up from the Hindi sign-in page.
      await page.goto("/hi/auth?mode=signup");
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
      await inHindi(page, "/hi/feedback");
      await page.getByLabel(t.forms.labels.message).fill("हिन्दी में सुझाव: बहुत बढ़िया!");
      await page.getByRole("button", { name: t.forms.feedback.submit }).click();
      await expect(page.getByText(t.forms.feedback.success)).toBeVisible();
      expect((await appDb(testInfo).selectFrom("form_message").select("language").where("email", "=", email).executeTakeFirstOrThrow()).language).toBe("hi");

      // Forgot the password: the Hindi reset request, mail and page.
      await page.context().clearCookies({ name: /session_token|session_data/ });
      await page.goto("/hi/auth?mode=reset");
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
      await page.getByLabel(t.auth.views.emailLabel, { exact: true }).fill(email);
      await page.getByLabel(t.auth.views.passwordLabel, { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: t.auth.views.submit.signin, exact: true }).click();
      await expect(page).toHaveURL(/\/hi\/home$/);
      await page.goto("/hi/profile");
      await ready();
      await page.getByRole("button", { name: t.account.page.deleteAccount }).click();
      const where = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("region", { name: t.account.page.deleteHeading });
      await inHindi(page, "/hi/profile (delete)");
      await where.getByLabel(fill(t.account.deletion.typeName, { name })).fill(name);
      await where.getByLabel(t.account.deletion.password, { exact: true }).fill("wrong-password");
      await where.getByRole("button", { name: t.account.deletion.submit }).click();
      await expect(page.getByText(t.account.profile.deleteFailed)).toBeVisible();
      await where.getByLabel(fill(t.account.deletion.typeName, { name })).fill(name);
      await where.getByLabel(t.account.deletion.password, { exact: true }).fill(newPassword);
      await where.getByRole("button", { name: t.account.deletion.submit }).click();
      // The page drops its `?deleted=1` once acted on (features/profile/forget-on-arrival.ts).
      await expect(page).toHaveURL(/\/hi\/home(\?deleted=1)?(#.*)?$/);
      await expect(page.getByTestId("flash")).toHaveText(t.flash.accountDeleted);
      await inHindi(page, "/hi/home (deleted)");
      const deleted = await waitForMail(email, new RegExp(t.mail.accountDeleted.subject));
      expectHindiMail(deleted, t.mail.accountDeleted.subject);
    });
  });
}

test("the mail language is the account's: chosen on the profile, it holds for a mail asked for from an English page too", async ({
  page,
  signIn,
}, testInfo) => {
  const user = await signIn();
  await page.goto("/hi/profile?edit=1");
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

  test("join from /hi/coming-soon, confirm by the Hindi mail's link, leave by its unsubscribe link: every page and the mail in Hindi", async ({
    page,
  }, testInfo) => {
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
    expect(await appDb(testInfo).selectFrom("waitlist_entry").select(["status", "language"]).where("email", "=", email).executeTakeFirstOrThrow()).toEqual({
      status: "confirmed",
      language: "hi",
    });

    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.unsubscribe.titleListed);
    await inHindi(page, "/hi/waitlist/unsubscribe");
    await page.getByRole("button", { name: w.unsubscribe.button }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.unsubscribe.titleLeft);
    await inHindi(page, "/hi/waitlist/unsubscribe (left)");
    expect(await appDb(testInfo).selectFrom("waitlist_entry").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });
});

test.describe("the language switch", () => {
  test("keeps the page both ways, and the home page remembers the choice", async ({ page }) => {
    test.slow(true, "five page loads");
    await page.goto("/pricing");
    await page.getByRole("banner").getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/hi\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.locator("h1")).toHaveText("कीमतें");
    await expect(page.getByRole("radio", { name: "मासिक" })).toBeChecked();
    // The remembered choice sends the bare / to the Hindi home.
    await page.goto("/");
    await expect(page).toHaveURL(/\/hi$/);

    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toHaveText(site.tagline);
  });

  test.describe("without JavaScript, in a browser that ranks Hindi first", () => {
    test.use({ javaScriptEnabled: false, locale: "hi-IN" });
    test("a press of English on the Hindi home is remembered by the answer itself (ADR 0054)", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/hi$/);
      await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    });
  });

  test("the forms and the account pages have twins too; a page without one offers the other language's home", async ({ page }) => {
    await page.goto("/feedback");
    await expect(page.getByRole("banner").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi/feedback");
    await page.goto("/auth?mode=signup");
    await expect(page.getByRole("banner").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi/auth?mode=signup");
    // A form's thank-you page (other sites' forms land there) is English only.
    await page.goto("/f/contact/thanks");
    await expect(page.getByRole("banner").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi");
  });
});

test.describe("Hindi with scripts on", () => {
  test("the chat widget, the side menu and the pricing toast speak Hindi", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/hi/pricing");
    await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
    const menu = page.getByRole("dialog", { name: "मेन्यू" });
    await expect(menu.getByRole("link", { name: "कीमतें" })).toHaveAttribute("href", "/hi/pricing");
    await expect(menu.getByRole("link", { name: "साइन इन" })).toHaveAttribute("href", "/hi/auth");
    expect(latinWords(await page.content())).toEqual([]);
    await page.keyboard.press("Escape");

    await page.locator('[data-plan="free"]').getByRole("button", { name: "जल्द आ रहा है" }).click();
    await expect(page.getByText("फ़्री प्लान जल्द आ रहा है।", { exact: false })).toBeVisible();

    const chat = page.getByTestId("chat-button");
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute("aria-label", `${site.productName} से बात करें`);
    await chat.click();
    const panel = page.getByRole("dialog", { name: `${site.productName} से बात करें` });
    await expect(panel).toContainText(`${site.productName} जल्द आ रहा है!`);
    await expect(panel.getByRole("link", { name: "सहायता टीम से संपर्क करें" })).toHaveAttribute("href", "/hi/contact");
    expect(latinWords(await page.content())).toEqual([]);
  });
});

test.describe("Devanagari and ₹ from the page's own fonts", () => {
  async function fontsOf(page: Page, selector: string) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    await cdp.detach();
    return fonts.map((f) => `${f.familyName}${f.isCustomFont ? "" : " (system)"}`);
  }

  test("a Hindi heading is drawn in Noto Sans Devanagari and a Hindi price's ₹ in Inter; English pages never fetch the Devanagari font", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("noto-devanagari-site")) fetched.push(new URL(r.url()).pathname);
    });
    for (const en of ["/", "/pricing", "/blog", "/privacy"]) await page.goto(en);
    await page.evaluate(() => document.fonts.ready);
    expect(fetched, "English pages fetched the Devanagari font").toEqual([]);
    // The switch's one Devanagari word is drawn by a web font (its own small cut: the whole file was not fetched
    // above), never as boxes in a system font. The browser reports the font's own name, which the cut keeps.
    await page
      .getByRole("banner")
      .getByRole("link", { name: "हिन्दी" })
      .evaluate((el) => el.setAttribute("id", "switch-probe"));
    expect(await fontsOf(page, "#switch-probe")).toEqual(["Noto Sans Devanagari"]);

    await page.goto("/hi/pricing");
    await page.evaluate(() => document.fonts.ready);
    expect(fetched.length).toBeGreaterThan(0);
    expect(await fontsOf(page, "h1")).toEqual(["Noto Sans Devanagari"]);
    expect(new Set(await fontsOf(page, '[data-testid="price"]'))).toEqual(new Set(["Inter"]));
    // Conjuncts and matras are shaped by the font, not drawn as loose letters with dotted circles.
    const probe = await page.evaluate(() => {
      const span = document.createElement("span");
      span.id = "conjuncts";
      span.textContent = "क्ष त्र श्र ज्ञ";
      document.querySelector("main")!.append(span);
      return span.getBoundingClientRect().width;
    });
    expect(probe).toBeGreaterThan(0);
    // The letters from Noto Sans Devanagari, the spaces between them from Inter: no system font.
    expect(new Set(await fontsOf(page, "#conjuncts"))).toEqual(new Set(["Noto Sans Devanagari", "Inter"]));
  });
});
