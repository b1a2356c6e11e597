/**
 * /auth/complete (and /hi/…): where Google and GitHub sign-in ends, in the
 * popup or the main window. What it answers for each outcome the provider's
 * callback left; the round trip through the provider is a browser journey
 * (tests/e2e/oauth.spec.ts).
 */
import { describe, expect, test } from "vitest";
import { callRoute, signIn } from "../../tests/routes/route-kit";
import { action as authAction, loader as authLoader } from "./auth";
import { loader } from "./auth.complete";
import { loader as rootLoader } from "../root";

interface HandOver {
  provider: string;
  via: string;
  user: { id: string; email: string } | null;
  status: string;
  i18n: unknown;
}

const complete = (path: string, cookie?: string) => callRoute<HandOver>(loader, { path, cookie });

test("the round trip ends here, however it went: where it began is forgotten, in the window and in the popup", async () => {
  const started = "tuesday.provider_return=hi.sign-in.github";
  const asha = await signIn();
  for (const [path, cookie] of [
    ["/hi/auth/complete?provider=github&via=redirect", `${asha.cookie}; ${started}`],
    ["/hi/auth/complete?provider=github&via=redirect&error=1&error=access_denied", started],
    ["/hi/auth/complete?provider=github&via=popup&error=1", started],
  ] as const) {
    expect((await complete(path, cookie)).cookies, path).toBe("tuesday.provider_return=");
  }
  // Without one, nothing is set.
  expect((await complete("/auth/complete?provider=github&via=popup&error=1")).cookies).toBe("");
});

describe("in the main window (popup blocked, or no JavaScript)", () => {
  test("signed in: straight on to home, in the page's language", async () => {
    const asha = await signIn();
    expect((await complete("/auth/complete?provider=google&via=redirect", asha.cookie)).location).toBe("/home");
    expect((await complete("/hi/auth/complete?provider=github", asha.cookie)).location).toBe("/hi/home");
  });

  test("refused or abandoned at the provider: back to /auth, whose banner names the provider", async () => {
    const google = await complete("/auth/complete?provider=google&via=redirect&error=1");
    expect(google.location).toBe("/auth?error=oauth&provider=google");
    const github = await complete("/auth/complete?provider=github");
    expect(github.location).toBe("/auth?error=oauth&provider=github");
    expect((await callRoute<{ notice: unknown }>(authLoader, { path: github.location! })).data.notice).toEqual({
      tone: "error",
      text: "Failed to sign in with GitHub",
    });
    expect((await complete("/hi/auth/complete?provider=google&error=1")).location).toBe("/hi/auth?error=oauth&provider=google");
  });

  test("a first provider sign-in to an account with two-factor on: the sign-in page says to use the code first", async () => {
    // Better Auth adds its code beside the page's own error=1.
    const refused = await complete("/auth/complete?provider=github&via=redirect&error=1&error=LINK_NEEDS_TWO_FACTOR");
    expect(refused.location).toBe("/auth?error=LINK_NEEDS_TWO_FACTOR&provider=github");
    expect((await callRoute<{ notice: unknown }>(authLoader, { path: refused.location! })).data.notice).toEqual({
      tone: "error",
      text: "Your account uses two-factor authentication. Sign in the way you usually do and enter your code, then connect GitHub on your security page.",
    });
    const hindi = await complete("/hi/auth/complete?provider=google&error=1&error=LINK_NEEDS_TWO_FACTOR");
    expect(hindi.location).toBe("/hi/auth?error=LINK_NEEDS_TWO_FACTOR&provider=google");
    expect((await callRoute<{ notice: { text: string } }>(authLoader, { path: hindi.location! })).data.notice.text).toContain("दो-चरणीय सत्यापन");
  });

  test("an error wins over a session the browser already has", async () => {
    const asha = await signIn();
    expect((await complete("/auth/complete?provider=github&error=1", asha.cookie)).location).toBe("/auth?error=oauth&provider=github");
  });

  test("an unknown provider is read as Google", async () => {
    expect((await complete("/auth/complete?provider=myspace")).location).toBe("/auth?error=oauth&provider=google");
  });

  test("with two-factor on (the callback left a challenge), on to the code step", async () => {
    expect((await complete("/auth/complete?provider=github&via=redirect&two-factor=1")).location).toBe("/auth/two-factor");
    expect((await complete("/hi/auth/complete?provider=google&two-factor=1")).location).toBe("/hi/auth/two-factor");
    // A failure is a failure, whatever else the query says.
    expect((await complete("/auth/complete?provider=github&two-factor=1&error=1")).location).toBe("/auth?error=oauth&provider=github");
  });
});

describe("in the popup", () => {
  test("reports success with the user to the opener", async () => {
    const asha = await signIn();
    const answer = await complete("/auth/complete?provider=github&via=popup", asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ provider: "github", via: "popup", status: "success", user: { id: asha.id, email: asha.email }, i18n: null });
  });

  test("reports a failure, or that a code is needed, with no user", async () => {
    expect((await complete("/auth/complete?provider=google&via=popup&error=1")).data).toMatchObject({ provider: "google", status: "error", user: null });
    expect((await complete("/auth/complete?provider=google&via=popup")).data).toMatchObject({ status: "error", user: null });
    expect((await complete("/auth/complete?provider=github&via=popup&two-factor=1")).data).toMatchObject({ status: "two-factor", user: null });
    expect((await complete("/auth/complete?provider=github&via=popup&error=1&error=LINK_NEEDS_TWO_FACTOR")).data).toMatchObject({
      status: "error",
      error: "LINK_NEEDS_TWO_FACTOR",
      user: null,
    });
  });

  test("the Hindi popup carries its words", async () => {
    expect((await complete("/hi/auth/complete?provider=google&via=popup")).data.i18n).not.toBeNull();
  });
});

test("the hand-over page leaves the greeting for the page after it", async () => {
  const asha = await signIn({ name: "Priya Sharma" });
  // A sign-in leaves its greeting; the hand-over page does not take it, home does.
  const signedIn = await callRoute(authAction, {
    path: "/auth",
    form: { intent: "sign-in", email: asha.email, password: asha.password! },
    ip: "10.40.0.1",
  });
  const flashCookie = signedIn.cookies;
  const handOver = await callRoute<{ flash: unknown }>(rootLoader, { path: "/auth/complete?provider=google&via=popup", cookie: flashCookie });
  expect(handOver.data.flash).toBeNull();
  expect(handOver.cookies).not.toContain("flash=");
  const home = await callRoute<{ flash: { text: string } | null }>(rootLoader, { path: "/home", cookie: flashCookie });
  expect(home.data.flash?.text).toBe("Welcome back, Priya Sharma!");
});
