/**
 * One error system (issue 22): every form of the site, submitted empty and
 * with a malformed value, with scripts and without. Each error appears in its
 * field's own slot (the text the field's aria-describedby points at), with the
 * same words both ways: with scripts the page's own check (shared with the
 * action) answers before anything is posted and focuses the first field;
 * without them the route action answers. No native validation bubble. Which
 * words each action answers for every case is the route tests'.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, PASSWORD, test } from "./fixtures";

type Errors = Record<string, string>;

interface Case {
  name: string;
  path: string;
  /** The form's submit button. */
  submit: string;
  /** Field label → value ("" leaves it empty; every listed field is cleared first). */
  fill: Record<string, string>;
  expected: Errors;
  /** What the screen-reader summary says, with JavaScript (the page's own check). */
  summary?: string;
}

/** Every field marked invalid on the page, with the text of its error slot. */
async function shownErrors(page: Page): Promise<Errors> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const el of Array.from(document.querySelectorAll<HTMLInputElement>("form [aria-invalid=true]"))) {
      const slot = document.getElementById(el.getAttribute("aria-describedby") ?? "");
      out[el.name] = slot?.textContent?.trim() ?? "(no slot)";
    }
    return out;
  });
}

/** The pages that run React Router in the browser (their routes' `handle.hydrate`); the sign-in page posts (ADR 0045). */
const HYDRATED = /^\/profile\b/;

const MIN_TOO_SHORT = /^Use at least \d+ characters for your new password\.$/;

async function run(page: Page, js: boolean, c: Case) {
  await page.goto(c.path);
  // The page's own check (the same words as the action's) is React Router's: with scripts, on a page
  // that runs it, wait for it. A page without the framework (sign-in, the message forms, the waitlist) posts,
  // and the action answers, as without scripts.
  const checksItself = js && HYDRATED.test(c.path);
  if (checksItself) await hydrated(page);
  const form = page.locator("form[method=post]", { has: page.getByRole("button", { name: c.submit, exact: true }) });
  await expect(form).toHaveAttribute("novalidate", "");
  for (const [label, value] of Object.entries(c.fill)) {
    const field = form.getByLabel(label, { exact: true });
    await field.fill(value);
  }
  const posts: string[] = [];
  const onRequest = (r: { method(): string; url(): string }) => {
    // Not the form: the analytics beacons (page views, vitals), and the sign-in page asking once for
    // the passkey options the browser offers in the email field (passkey-client.ts, autofill).
    if (r.method() === "POST" && !/\/api\/(vitals|pageview|events?)\b|\/api\/auth\/passkey\/authentication-options$/.test(r.url())) posts.push(r.url());
  };
  page.on("request", onRequest);
  await form.getByRole("button", { name: c.submit, exact: true }).click();
  await expect
    .poll(
      async () => {
        const shown = await shownErrors(page);
        // A "too short" message names the server's minimum; compare it by shape.
        for (const [field, text] of Object.entries(shown)) if (MIN_TOO_SHORT.test(text) && c.expected[field] === "TOO_SHORT") shown[field] = "TOO_SHORT";
        return shown;
      },
      { message: `${c.name} (${js ? "with" : "without"} JavaScript)` },
    )
    .toEqual(c.expected);
  page.off("request", onRequest);
  if (checksItself) {
    // The page's own check answered: nothing was posted, the first invalid field has focus, no bubble.
    expect(posts, `${c.name}: posted although the page's check refused it`).toEqual([]);
    await expect(page.locator("form [aria-invalid=true]").first()).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __bubbles?: number }).__bubbles ?? 0)).toBe(0);
    if (c.summary) await expect(form.locator("[aria-live=polite].sr-only")).toHaveText(c.summary);
  }
}

const SIGNED_OUT: Case[] = [
  {
    name: "sign in, empty",
    path: "/auth",
    submit: "Sign In",
    fill: { Email: "", Password: "" },
    expected: { email: "Enter your email address.", password: "Enter your password." },
  },
  {
    name: "sign in, malformed",
    path: "/auth",
    submit: "Sign In",
    fill: { Email: "not-an-address", Password: "x" },
    expected: { email: "Enter an email address like name@example.com." },
  },
  {
    name: "sign up, empty",
    path: "/auth?mode=signup",
    submit: "Create Account",
    fill: { Email: "", Password: "" },
    expected: { email: "Enter your email address.", password: "Choose a password." },
  },
  {
    name: "sign up, malformed",
    path: "/auth?mode=signup",
    submit: "Create Account",
    fill: { Email: "someone@localhost", Password: "short" },
    expected: { email: "Enter an email address like name@example.com.", password: "TOO_SHORT" },
  },
  { name: "reset request, empty", path: "/auth?mode=reset", submit: "Send Reset Link", fill: { Email: "" }, expected: { email: "Enter your email address." } },
  {
    name: "reset request, malformed",
    path: "/auth?mode=reset",
    submit: "Send Reset Link",
    fill: { Email: "a@@b.c" },
    expected: { email: "Enter an email address like name@example.com." },
  },
  { name: "waitlist, empty", path: "/waitlist", submit: "Notify me at launch", fill: { Email: "" }, expected: { email: "Enter your email address." } },
  {
    name: "waitlist, malformed",
    path: "/waitlist",
    submit: "Notify me at launch",
    fill: { Email: "asha@localhost" },
    expected: { email: "Enter an email address like name@example.com." },
  },
  ...(["contact", "feedback"] as const).flatMap((kind): Case[] => [
    {
      name: `${kind}, empty`,
      path: `/${kind}`,
      submit: kind === "contact" ? "Send Message" : "Submit Feedback",
      fill: { Name: "", Email: "", Message: "" },
      expected: { name: "Name: this field is required", email: "Email: this field is required", message: "Message: this field is required" },
    },
    {
      name: `${kind}, malformed`,
      path: `/${kind}`,
      submit: kind === "contact" ? "Send Message" : "Submit Feedback",
      fill: { Name: "Asha", Email: "asha at example", Message: "Hello" },
      expected: { email: "Email: must be a valid email address" },
    },
  ]),
];

const SIGNED_IN: Case[] = [
  { name: "profile save, empty name", path: "/profile?edit=1", submit: "Save", fill: { Name: "   " }, expected: { name: "Name is required." } },
  // The date of birth's three boxes share one slot: every box is marked, and each points at the one message.
  ...(
    [
      ["a date of birth with no real day", { Day: "31", Month: "2", Year: "1999" }, "Date of birth must be a real date between 1900 and today."],
      ["a date of birth before 1900", { Day: "1", Month: "1", Year: "1899" }, "Date of birth must be a real date between 1900 and today."],
      [
        "a date of birth in the future",
        { Day: "1", Month: "1", Year: String(new Date().getUTCFullYear() + 1) },
        "Date of birth must be a real date between 1900 and today.",
      ],
      ["a half-typed date of birth", { Day: "12", Month: "", Year: "19" }, "Date of birth must include a day, a month and a year (or leave all three empty)."],
    ] as const
  ).map(([what, fill, message]): Case => ({
    name: `profile save, ${what}`,
    path: "/profile?edit=1",
    submit: "Save",
    fill,
    expected: { "dob-day": message, "dob-month": message, "dob-year": message },
    // The boxes are one field, named by their legend.
    summary: "1 field needs attention: Date of Birth.",
  })),
  {
    name: "delete account, empty",
    path: "/profile?delete=1",
    submit: "Delete Account",
    fill: {},
    expected: { name: "Please type your name correctly to confirm deletion", password: "Password is required." },
  },
  {
    name: "delete account, wrong name",
    path: "/profile?delete=1",
    submit: "Delete Account",
    fill: { Password: "anything" },
    expected: { name: "Please type your name correctly to confirm deletion" },
  },
  {
    name: "change password, empty",
    path: "/profile/security",
    submit: "Change password",
    fill: {},
    expected: { currentPassword: "Enter your current password.", newPassword: "Choose a password." },
  },
  {
    name: "change password, too short and then a mismatch",
    path: "/profile/security",
    submit: "Change password",
    fill: { "Current password": PASSWORD, "New password": "short" },
    expected: { newPassword: "TOO_SHORT" },
  },
  {
    name: "change password, repeated wrongly",
    path: "/profile/security",
    submit: "Change password",
    fill: { "Current password": PASSWORD, "New password": "a-much-longer-password-9", "Repeat the new password": "something else" },
    expected: { confirmPassword: "The new passwords do not match." },
  },
];

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      if (!js) return;
      await page.addInitScript(() => {
        const w = window as unknown as { __bubbles: number };
        w.__bubbles = 0;
        // Runs first (capture on window); looks after the form's own handlers had their turn.
        window.addEventListener("invalid", (event) => setTimeout(() => (w.__bubbles += event.defaultPrevented ? 0 : 1)), true);
      });
    });

    // A page without React Router answers the same with and without scripts (the action's answer): once.
    for (const c of SIGNED_OUT.filter((c) => !js || HYDRATED.test(c.path))) {
      test(`signed out, ${c.name}: the error in the field's slot, the same words both ways`, async ({ page }) => run(page, js, c));
    }

    for (const c of SIGNED_IN) {
      test(`signed in, ${c.name}: the error in the field's slot, the same words both ways`, async ({ page, signIn }) => {
        await signIn();
        await run(page, js, c);
      });
    }
  });
}
