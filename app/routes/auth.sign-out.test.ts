/**
 * /auth/sign-out (and /hi/…): the Sign Out buttons' plain form post. It ends
 * the session and goes home, where the page says so; a GET signs nobody out.
 */
import { describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { hi } from "~/shared/i18n/messages.hi";
import { callRoute, signIn } from "../../tests/routes/route-kit";
import { action, loader } from "./auth.sign-out";
import { loader as rootLoader } from "../root";

const shell = (path: string, cookie: string) => callRoute<{ viewer: unknown; flash: { text: string } | null }>(rootLoader, { path, cookie });

async function sessionsOf(userId: string): Promise<number> {
  const { database } = await services();
  return (await database.db.selectFrom("session").select("id").where("userId", "=", userId).execute()).length;
}

describe("POST", () => {
  test("ends the session and goes home, which says 'Signed out successfully'", async () => {
    const asha = await signIn();
    const answer = await callRoute(action, { path: "/auth/sign-out", form: {}, cookie: asha.cookie });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/?signed-out=1");
    expect(answer.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await sessionsOf(asha.id)).toBe(0);
    // The old cookie is worth nothing now.
    expect((await shell("/", asha.cookie)).data.viewer).toBeNull();
    expect((await shell("/", answer.cookies)).data.flash?.text).toBe("Signed out successfully");
  });

  test("from a Hindi page: the Hindi home, which says it in Hindi", async () => {
    const ravi = await signIn({ language: "hi" });
    const answer = await callRoute(action, { path: "/hi/auth/sign-out", form: {}, cookie: ravi.cookie });
    expect(answer.location).toBe("/hi?signed-out=1");
    expect((await shell("/hi", answer.cookies)).data.flash?.text).toBe(hi.flash.signedOut);
  });

  test("signed out already, it still goes home", async () => {
    expect((await callRoute(action, { path: "/auth/sign-out", form: {} })).location).toBe("/?signed-out=1");
  });

  test("a post from another site signs nobody out", async () => {
    const asha = await signIn();
    const answer = await callRoute(action, { path: "/auth/sign-out", form: {}, cookie: asha.cookie, origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(await sessionsOf(asha.id)).toBe(1);
  });
});

test("a GET (a typed address, a prefetch) signs nobody out: it goes to the profile", async () => {
  const asha = await signIn();
  const answer = await callRoute(loader, { path: "/auth/sign-out", cookie: asha.cookie });
  expect(answer.location).toBe("/profile");
  expect(await sessionsOf(asha.id)).toBe(1);
  expect((await callRoute(loader, { path: "/hi/auth/sign-out" })).location).toBe("/hi/profile");
});
