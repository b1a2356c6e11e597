/**
 * /profile (and /hi/profile): the loader and the save and delete action, as
 * a document request, a plain form post (no JavaScript) and a fetcher. Moved
 * from the browser suite's profile.spec.ts, form-errors.spec.ts (the profile's
 * cases), profile-replay.spec.ts and auth-sessions.spec.ts (session lifetimes).
 */
import { describe, expect, test } from "vitest";
import { readFlash } from "~/infra/http/flash.server";
import { messagesFor } from "~/shared/i18n/messages.server";
import { services } from "~/services.server";
import { callRoute, FIXTURE_PASSWORD, freshEmail, lastMail, makeAccount, mergeCookies, signIn } from "../../tests/routes/route-kit";
import { action as authAction, loader as authLoader } from "./api/auth";
import { action, loader } from "./profile";

const EN = messagesFor("en").account;
const HI = messagesFor("hi").account;
const DEVANAGARI = /[\u0900-\u097F]/;

interface LoaderData {
  record: Record<string, unknown> & { id: string; updated_at: string; dob: string; language: string };
  hasPassword: boolean;
  linkError: boolean;
  startEditing: boolean;
  startDeleting: boolean;
  serverDraft: { userId: string; version: string; values: Record<string, string> } | null;
  i18n: { account: typeof HI; auth: unknown } | null;
}

interface ActionData {
  intent: "save" | "delete";
  ok?: boolean;
  outcome?: string;
  message?: string;
  errors?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  conflict?: true;
  sessionEnded?: true;
  record?: Record<string, unknown>;
  typed?: { version: string; values: Record<string, string> };
}

const load = (cookie?: string, path = "/profile") => callRoute<LoaderData>(loader, { path, cookie });
const post = (form: Record<string, string>, cookie?: string, path = "/profile", ip?: string) => callRoute<ActionData>(action, { path, form, cookie, ip });

/** The same form as the page posts it without scripts (no `client` mark). */
const plainForm = ({ client: _client, ...form }: Record<string, string>) => form;

/** The profile form as the hydrated page posts it: every field, the date as three boxes (`client`: its script's mark). */
function saveForm(record: { id: string; updated_at: string }, values: Partial<Record<string, string>> = {}): Record<string, string> {
  return {
    intent: "save",
    client: "script",
    version: record.updated_at,
    owner: record.id,
    name: "Asha Verma",
    gender: "Female",
    "dob-day": "12",
    "dob-month": "4",
    "dob-year": "1999",
    about: "I teach maths in Kanpur.",
    language: "en",
    ...values,
  } as Record<string, string>;
}

async function storedDob(userId: string): Promise<string | undefined> {
  const { database } = await services();
  return (await database.db.selectFrom("profile").select("dob").where("user_id", "=", userId).executeTakeFirst())?.dob;
}

async function accountExists(id: string): Promise<boolean> {
  const { database } = await services();
  return Boolean(await database.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst());
}

/** A session of `email` made by a real sign-in (the sign-in endpoint's cookies). */
async function signInAgain(email: string, ip = "10.20.0.1", remember?: boolean): Promise<string> {
  const answer = await callRoute(authAction, {
    path: "/api/auth/sign-in/email",
    json: { email, password: FIXTURE_PASSWORD, ...(remember === undefined ? {} : { rememberMe: remember }) },
    ip,
  });
  expect(answer.status).toBe(200);
  return answer.cookies;
}

describe("the loader", () => {
  test("signed out, it sends you to sign in and back here", async () => {
    const answer = await load();
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?redirectTo=%2Fprofile");
    // As a document load, also from the hydrated page's own navigation: the sign-in page runs its own
    // script (React Router's redirectDocument marks it so).
    expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  test("signed out on the Hindi page, to the Hindi sign-in and back to the Hindi page", async () => {
    const answer = await load(undefined, "/hi/profile?edit=1");
    expect(answer.location).toBe("/hi/auth?redirectTo=%2Fhi%2Fprofile%3Fedit%3D1");
  });

  test("an address not yet verified is not signed in here", async () => {
    const asha = await signIn();
    const { database, sessionCache } = await services();
    await database.db
      .updateTable("user")
      .set({ emailVerified: database.dialect === "sqlite" ? 0 : false })
      .where("id", "=", asha.id)
      .execute();
    sessionCache.evictUser(asha.id);
    expect((await load(asha.cookie)).location).toBe("/auth?redirectTo=%2Fprofile");
  });

  test("signed in, it gives the owner's record, private, in view mode", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await load(asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.data.record).toMatchObject({
      id: asha.id,
      email: asha.email,
      name: "Asha Rao",
      gender: "",
      dob: "",
      about: "",
      language: "en",
      messages: [],
    });
    expect(answer.data).toMatchObject({ hasPassword: true, linkError: false, startEditing: false, startDeleting: false, serverDraft: null, i18n: null });
  });

  test("an account made with Google or GitHub has no password to ask for", async () => {
    const social = await signIn({ password: null });
    expect((await load(social.cookie)).data.hasPassword).toBe(false);
  });

  test("?edit=1 opens the form, ?delete=1 the dialog, ?error=DELETE_LINK says the link failed", async () => {
    const asha = await signIn();
    expect((await load(asha.cookie, "/profile?edit=1")).data.startEditing).toBe(true);
    expect((await load(asha.cookie, "/profile?delete=1")).data.startDeleting).toBe(true);
    expect((await load(asha.cookie, "/profile?error=DELETE_LINK")).data.linkError).toBe(true);
  });

  test("the Hindi page carries the account's and the sign-in's words in Hindi", async () => {
    const asha = await signIn();
    const answer = await load(asha.cookie, "/hi/profile");
    expect(answer.data.i18n?.account.details.heading).toBe(HI.details.heading);
    expect(answer.data.i18n?.account.details.heading).toMatch(DEVANAGARI);
    expect(answer.data.i18n?.auth).toBeTruthy();
  });

  test("each signed-in user gets their own record, never another's", async () => {
    const asha = await signIn();
    const bob = await signIn({ name: "Bob Iyer" });
    for (let i = 0; i < 2; i++) {
      expect((await load(asha.cookie)).data.record.email).toBe(asha.email);
      const theirs = await load(bob.cookie);
      expect(theirs.data.record.email).toBe(bob.email);
      expect(JSON.stringify(theirs.data)).not.toContain(asha.email);
    }
  });

  test("a session revoked from another device gets the sign-in page, not the profile", async () => {
    const asha = await signIn();
    expect((await load(asha.cookie)).status).toBe(200);
    const other = await signInAgain(asha.email, "10.20.0.2");
    expect((await callRoute(authAction, { path: "/api/auth/revoke-other-sessions", json: {}, cookie: other })).status).toBe(200);
    expect((await load(asha.cookie)).location).toBe("/auth?redirectTo=%2Fprofile");
  });
});

describe("session lifetimes", () => {
  const hours = (s: { createdAt: unknown; expiresAt: unknown }) =>
    (new Date(s.expiresAt as string).getTime() - new Date(s.createdAt as string).getTime()) / 3_600_000;
  const sessionsOf = async (userId: string) => {
    const { database } = await services();
    return database.db
      .selectFrom("session")
      .select(["id", "createdAt", "expiresAt", "updatedAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt", "asc")
      .execute();
  };

  test("24 hours without 'Remember this device', 30 days with it", async () => {
    const asha = await makeAccount();
    await signInAgain(asha.email, "10.20.1.1", false);
    const [short] = await sessionsOf(asha.id);
    expect(hours(short!)).toBeCloseTo(24, 1);
    await signInAgain(asha.email, "10.20.1.1", true);
    const long = (await sessionsOf(asha.id)).find((s) => s.id !== short!.id)!;
    expect(hours(long) / 24).toBeCloseTo(30, 1);
  });

  test("the verification link's sign-in lasts 24 hours (nobody ticked 'Remember this device')", async () => {
    const email = freshEmail("linked");
    const up = await callRoute(authAction, {
      path: "/api/auth/sign-up/email",
      json: { name: "Link Opener", email, password: FIXTURE_PASSWORD },
      ip: "10.20.1.3",
    });
    expect(up.status).toBe(200);
    const link = new URL((await lastMail(email, "verification")).links.find((l) => l.includes("/verify-email"))!);
    // Opened in the browser that signed up (its cookie): the link signs it in.
    const opened = await callRoute(authLoader, { path: link.pathname + link.search, ip: "10.20.1.3", cookie: up.cookies });
    expect(opened.cookies).toMatch(/session_token=/);
    const { database } = await services();
    const user = await database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const [byLink] = await sessionsOf(user.id);
    expect(hours(byLink!)).toBeCloseTo(24, 1);
  });

  test("activity does not move a session's end; past it, the profile sends you to sign in", async () => {
    const asha = await makeAccount();
    const cookie = await signInAgain(asha.email, "10.20.1.2", true);
    const [session] = await sessionsOf(asha.id);
    const { database, sessionCache } = await services();
    await database.db
      .updateTable("session")
      .set({ updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() })
      .where("id", "=", session!.id)
      .execute();
    for (let i = 0; i < 3; i++) expect((await load(cookie)).status).toBe(200);
    const [after] = await sessionsOf(asha.id);
    expect(new Date(after!.expiresAt).getTime()).toBe(new Date(session!.expiresAt).getTime());

    await database.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000 - 60_000).toISOString(), expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", session!.id)
      .execute();
    sessionCache.evictUser(asha.id);
    expect((await load(cookie)).location).toBe("/auth?redirectTo=%2Fprofile");
  });
});

describe("saving", () => {
  test("a valid save answers the new record, and the next load shows it", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    await new Promise((r) => setTimeout(r, 5));
    const answer = await post(saveForm(record), asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      intent: "save",
      ok: true,
      record: { name: "Asha Verma", gender: "Female", dob: "1999-04-12", about: "I teach maths in Kanpur.", language: "en" },
    });
    const again = (await load(asha.cookie)).data.record;
    expect(again).toMatchObject({ name: "Asha Verma", gender: "Female", dob: "1999-04-12", about: "I teach maths in Kanpur." });
    expect(new Date(again.updated_at).getTime()).toBeGreaterThan(new Date(record.updated_at).getTime());
    expect(await storedDob(asha.id)).toBe("1999-04-12");
  });

  test("without scripts, a valid save redirects to the profile in view mode, which says so: a reload posts nothing again", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    const plain = plainForm(saveForm(record));
    const answer = await post(plain, asha.cookie, "/profile?edit=1");
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/profile");
    expect(readFlash(answer.cookies, process.env.AUTH_SECRET!)).toEqual({ kind: "profile-saved" });
    expect((await load(asha.cookie)).data.record).toMatchObject({ name: "Asha Verma", about: "I teach maths in Kanpur." });
    // A refused plain save still answers the page with its errors (nothing to reload into).
    const refused = await post({ ...plain, name: "" }, asha.cookie, "/profile?edit=1");
    expect(refused.status).toBe(400);
  });

  test("a new name is the session's name at once (the header's account menu reads it)", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const { auth } = await services();
    const session = () => auth.api.getSession({ headers: new Headers({ cookie: asha.cookie }) });
    expect((await session())?.user.name).toBe("Asha Rao");
    const { record } = (await load(asha.cookie)).data;
    expect((await post(saveForm(record, { name: "Asha Verma" }), asha.cookie)).status).toBe(200);
    expect((await session())?.user.name).toBe("Asha Verma");
  });

  test("the email language is saved with the rest, as one of ours", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    const answer = await post(saveForm(record, { language: "hi" }), asha.cookie);
    expect(answer.data.record).toMatchObject({ language: "hi" });
    const { database } = await services();
    expect(await database.db.selectFrom("user").select("language").where("id", "=", asha.id).executeTakeFirst()).toEqual({ language: "hi" });
  });

  test("a language that is not ours is refused in its slot", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    const answer = await post(saveForm(record, { language: "fr" }), asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.errors).toEqual({ language: "Choose English or Hindi for your emails." });
  });

  test("an email or any other field sent along is never written", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    const answer = await post({ ...saveForm(record), email: "evil@example.test", role: "operator", login_count: "999" }, asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.record).toMatchObject({ email: asha.email, login_count: 0 });
    const { database } = await services();
    expect(await database.db.selectFrom("profile").select("role").where("user_id", "=", asha.id).executeTakeFirst()).toEqual({ role: "member" });
  });

  test("an empty name is refused in its slot, with the form's values given back", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const { record } = (await load(asha.cookie)).data;
    const answer = await post(saveForm(record, { name: "   " }), asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ intent: "save", ok: false, message: "Name is required.", errors: { name: "Name is required." } });
    expect(answer.data.typed).toEqual({
      version: record.updated_at,
      values: { name: "   ", gender: "Female", dob: "1999-4-12", about: "I teach maths in Kanpur.", language: "en" },
    });
    expect((await load(asha.cookie)).data.record.name).toBe("Asha Rao");
  });

  describe("the date of birth's three boxes", () => {
    const notReal = "Date of birth must be a real date between 1900 and today.";
    const incomplete = "Date of birth must include a day, a month and a year (or leave all three empty).";
    const cases: Array<[string, Record<string, string>, string]> = [
      ["with no real day", { "dob-day": "31", "dob-month": "2", "dob-year": "1999" }, notReal],
      ["before 1900", { "dob-day": "1", "dob-month": "1", "dob-year": "1899" }, notReal],
      ["in the future", { "dob-day": "1", "dob-month": "1", "dob-year": String(new Date().getUTCFullYear() + 1) }, notReal],
      ["in letters", { "dob-day": "x", "dob-month": "1", "dob-year": "1999" }, notReal],
      ["typed by half", { "dob-day": "12", "dob-month": "", "dob-year": "19" }, incomplete],
      ["of a year alone", { "dob-day": "", "dob-month": "", "dob-year": "19" }, incomplete],
    ];
    test.each(cases)("a date %s is refused in its one slot and the stored date stays", async (_what, boxes, message) => {
      const asha = await signIn();
      const { database } = await services();
      await database.db.updateTable("profile").set({ dob: "1990-08-05" }).where("user_id", "=", asha.id).execute();
      const { record } = (await load(asha.cookie)).data;
      const answer = await post(saveForm(record, boxes), asha.cookie);
      expect(answer.status).toBe(400);
      expect(answer.data.errors).toEqual({ dob: message });
      expect(await storedDob(asha.id)).toBe("1990-08-05");
    });

    test("a box missing from the post reads as empty: a partial date, never a cleared one", async () => {
      const asha = await signIn();
      const { database } = await services();
      await database.db.updateTable("profile").set({ dob: "1990-08-05" }).where("user_id", "=", asha.id).execute();
      const { record } = (await load(asha.cookie)).data;
      const form = saveForm(record);
      delete form["dob-month"];
      const answer = await post(form, asha.cookie);
      expect(answer.data.errors).toEqual({ dob: incomplete });
      expect(await storedDob(asha.id)).toBe("1990-08-05");
    });

    test("three empty boxes clear the stored date", async () => {
      const asha = await signIn();
      const { database } = await services();
      await database.db.updateTable("profile").set({ dob: "1990-08-05" }).where("user_id", "=", asha.id).execute();
      const { record } = (await load(asha.cookie)).data;
      expect(record.dob).toBe("1990-08-05");
      const answer = await post(saveForm(record, { "dob-day": "", "dob-month": "", "dob-year": "" }), asha.cookie);
      expect(answer.status).toBe(200);
      expect(await storedDob(asha.id)).toBe("");
    });
  });

  test("the Hindi page refuses in Hindi", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie, "/hi/profile")).data;
    const answer = await post(saveForm(record, { name: "", "dob-day": "31", "dob-month": "2" }), asha.cookie, "/hi/profile");
    expect(answer.status).toBe(400);
    expect(answer.data.errors).toEqual({ name: HI.fields.nameMissing, dob: HI.fields.dobNotReal });
    expect(answer.data.errors?.name).toMatch(DEVANAGARI);
  });

  test("two tabs: the older save is refused with 409 and keeps what was typed; the newer stays", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    await new Promise((r) => setTimeout(r, 5));
    expect((await post(saveForm(record, { about: "Saved in tab B." }), asha.cookie)).status).toBe(200);
    const answer = await post(saveForm(record, { about: "Typed in tab A." }), asha.cookie);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ intent: "save", ok: false, conflict: true, message: EN.profile.changedElsewhere, errors: {} });
    expect(answer.data.message).toBe("Changed in another tab: reload to see the newest version. What you typed is still in the form.");
    expect(answer.data.typed?.values.about).toBe("Typed in tab A.");
    // Reload: the newer version, and a save against it goes through.
    const fresh = (await load(asha.cookie)).data.record;
    expect(fresh.about).toBe("Saved in tab B.");
    expect((await post(saveForm(fresh, { about: "Tab A, after reloading." }), asha.cookie)).status).toBe(200);
  });

  test("the Hindi page says a conflict in Hindi", async () => {
    const asha = await signIn();
    const { record } = (await load(asha.cookie)).data;
    await new Promise((r) => setTimeout(r, 5));
    await post(saveForm(record, { about: "First" }), asha.cookie);
    const answer = await post(saveForm(record, { about: "Second" }), asha.cookie, "/hi/profile");
    expect(answer.status).toBe(409);
    expect(answer.data.message).toBe(HI.profile.changedElsewhere);
  });

  describe("after the session ended", () => {
    test("with the page's script: a 401 that says so, and nothing is written", async () => {
      const asha = await makeAccount();
      const answer = await post({ ...saveForm({ id: asha.id, updated_at: new Date().toISOString() }), client: "script" });
      expect(answer.status).toBe(401);
      expect(answer.data).toEqual({
        intent: "save",
        ok: false,
        sessionEnded: true,
        message: "Your session ended: sign in again to save. What you typed is kept and comes back after you sign in.",
        errors: {},
      });
      expect(await storedDob(asha.id)).toBe("");
    });

    test("in Hindi, the 401 says so in Hindi", async () => {
      const asha = await makeAccount();
      const answer = await post({ ...saveForm({ id: asha.id, updated_at: "" }), client: "script" }, undefined, "/hi/profile");
      expect(answer.status).toBe(401);
      expect(answer.data.message).toBe(HI.profile.sessionEnded);
    });

    test("without scripts: to sign in, the draft kept, and back in the form once after signing in", async () => {
      const asha = await makeAccount();
      const { database, env } = await services();
      const version = (await database.db.selectFrom("profile").select("updated_at").where("user_id", "=", asha.id).executeTakeFirstOrThrow()).updated_at;
      const answer = await post(plainForm(saveForm({ id: asha.id, updated_at: String(version) }, { about: "Written while signed out elsewhere." })));
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/auth?redirectTo=%2Fprofile%3Fedit%3D1");
      expect(readFlash(answer.cookies, env.authSecret)).toEqual({ kind: "session-ended" });
      const draftCookie = answer.headers.getSetCookie().find((c) => c.includes(".profile-draft="));
      expect(draftCookie).toMatch(/Path=\/profile;.*HttpOnly/);

      const session = await signInAgain(asha.email, "10.20.2.1");
      const back = await load(mergeCookies(session, answer.cookies), "/profile?edit=1");
      expect(back.status).toBe(200);
      expect(back.data.startEditing).toBe(true);
      expect(back.data.serverDraft).toMatchObject({
        userId: asha.id,
        values: { name: "Asha Verma", about: "Written while signed out elsewhere.", dob: "1999-4-12" },
      });
      // Taken once: the cookie is cleared, and a second load has no draft.
      expect(back.headers.getSetCookie().some((c) => c.includes(".profile-draft=;") && /Max-Age=0/.test(c))).toBe(true);
      expect((await load(mergeCookies(session, answer.cookies))).data.serverDraft).toBeNull();
      expect(await storedDob(asha.id)).toBe("");
    });

    test("without scripts on the Hindi page: to the Hindi sign-in, the draft kept for the Hindi page", async () => {
      const asha = await makeAccount();
      const answer = await post(plainForm(saveForm({ id: asha.id, updated_at: "" })), undefined, "/hi/profile");
      expect(answer.location).toBe("/hi/auth?redirectTo=%2Fhi%2Fprofile%3Fedit%3D1");
      expect(answer.headers.getSetCookie().find((c) => c.includes(".profile-draft="))).toMatch(/Path=\/hi\/profile;/);
    });

    test("a draft typed for another account never fills this one's form", async () => {
      const bob = await makeAccount({ name: "Bob Iyer" });
      const answer = await post(saveForm({ id: bob.id, updated_at: "" }, { about: "Bob's words" }));
      const asha = await signIn();
      const loaded = await load(mergeCookies(asha.cookie, answer.cookies));
      expect(loaded.data.serverDraft).toBeNull();
      expect(JSON.stringify(loaded.data)).not.toContain("Bob's words");
    });

    test("a draft for an account that does not exist is not kept, and the answer does not say so", async () => {
      const answer = await post(plainForm(saveForm({ id: "no-such-user", updated_at: "" })));
      expect(answer.location).toBe("/auth?redirectTo=%2Fprofile%3Fedit%3D1");
      expect(answer.headers.getSetCookie().find((c) => c.includes(".profile-draft="))).toMatch(/Path=\/profile;.*HttpOnly/);
      const { database } = await services();
      expect(await database.db.selectFrom("verification").select("id").where("identifier", "=", "profile-draft:no-such-user").execute()).toEqual([]);
    });
  });
});

describe("deleting the account", () => {
  test("an empty dialog names both fields", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await post({ intent: "delete", name: "", password: "" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      intent: "delete",
      outcome: "name-mismatch",
      message: "Please type your name correctly to confirm deletion",
      fieldErrors: { name: "Please type your name correctly to confirm deletion", password: "Password is required." },
    });
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("a wrong name deletes nothing, and only the name is refused", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await post({ intent: "delete", name: "Not My Name", password: "anything" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ name: "Please type your name correctly to confirm deletion" });
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("the right name without a password asks for it", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await post({ intent: "delete", name: "Asha Rao", password: "" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ outcome: "password-required", message: "Password is required.", fieldErrors: { password: "Password is required." } });
  });

  test("a wrong password fails with the spec's words", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await post({ intent: "delete", name: "Asha Rao", password: "wrong-password" }, asha.cookie);
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ intent: "delete", outcome: "failed", message: "Failed to delete account. Please check your password." });
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("the right name and password delete it and go home, signed out, with a notice", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const { env } = await services();
    const answer = await post({ intent: "delete", name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/home?deleted=1");
    expect(readFlash(answer.cookies, env.authSecret)).toEqual({ kind: "account-deleted" });
    expect(answer.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await accountExists(asha.id)).toBe(false);
    expect((await lastMail(asha.email, "account-deleted")).subject).toMatch(/account was deleted/);
    // And the password no longer signs in.
    expect(
      (await callRoute(authAction, { path: "/api/auth/sign-in/email", json: { email: asha.email, password: FIXTURE_PASSWORD }, ip: "10.20.3.1" })).status,
    ).toBe(401);
  });

  test("from the Hindi page, home is the Hindi home", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await post({ intent: "delete", name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie, "/hi/profile");
    expect(answer.location).toBe("/hi/home?deleted=1");
    expect(await accountExists(asha.id)).toBe(false);
  });

  test("the Hindi page refuses in Hindi", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await post({ intent: "delete", name: "", password: "" }, asha.cookie, "/hi/profile");
    expect(answer.data).toMatchObject({
      message: HI.profile.nameMismatch,
      fieldErrors: { name: HI.profile.nameMismatch, password: HI.profile.passwordRequired },
    });
    expect(answer.data.message).toMatch(DEVANAGARI);
    const wrong = await post({ intent: "delete", name: "Asha Rao", password: "wrong-password" }, asha.cookie, "/hi/profile");
    expect(wrong.data.message).toBe(HI.profile.deleteFailed);
  });

  test("an account made with GitHub confirms through an emailed link, which deletes it", async () => {
    const gh = await signIn({ name: "GH Deleter", password: null });
    const answer = await post({ intent: "delete", name: "GH Deleter" }, gh.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ intent: "delete", outcome: "mail-sent", message: EN.profile.deleteMailSent });
    expect(await accountExists(gh.id)).toBe(true);

    const link = (await lastMail(gh.email, "delete-account")).links.find((l) => l.includes("/delete-user/callback"))!;
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/home?deleted=1");
    const url = new URL(link);
    const followed = await callRoute(authLoader, { path: url.pathname + url.search, cookie: gh.cookie });
    expect(followed.status).toBe(302);
    expect(followed.location).toContain("/home?deleted=1");
    expect(await accountExists(gh.id)).toBe(false);
  });

  test("from the Hindi page, the emailed link leads to the Hindi home", async () => {
    const gh = await signIn({ name: "GH Deleter", password: null });
    const answer = await post({ intent: "delete", name: "GH Deleter" }, gh.cookie, "/hi/profile");
    expect(answer.data.message).toBe(HI.profile.deleteMailSent);
    const link = (await lastMail(gh.email, "delete-account")).links.find((l) => l.includes("/delete-user/callback"))!;
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/hi/home?deleted=1");
  });

  test("five wrong passwords, then a 429 with Retry-After in the page's words", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    for (let i = 0; i < 5; i++)
      expect((await post({ intent: "delete", name: "Asha Rao", password: `wrong-${i}` }, asha.cookie, "/profile", "10.20.4.1")).status).toBe(403);
    const answer = await post({ intent: "delete", name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie, "/profile", "10.20.4.1");
    expect(answer.status).toBe(429);
    expect(answer.data).toMatchObject({
      outcome: "rate-limited",
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/),
    });
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    const hindi = await post({ intent: "delete", name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie, "/hi/profile", "10.20.4.1");
    expect(hindi.status).toBe(429);
    expect(hindi.data.message).toMatch(DEVANAGARI);
    expect(await accountExists(asha.id)).toBe(true);
  });
});

describe("posts the action cannot take", () => {
  test("an unknown intent is a 400", async () => {
    const asha = await signIn();
    const answer = await post({ intent: "promote" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, message: "Unknown action." });
  });

  test("a body that is not a form is refused in the reader's words, or in Hindi on the Hindi page", async () => {
    const asha = await signIn();
    const english = await callRoute<ActionData>(action, { path: "/profile", json: { intent: "save" }, cookie: asha.cookie });
    expect(english.status).toBe(415);
    expect(english.data.message).toBe("Send the body as application/x-www-form-urlencoded or multipart/form-data.");
    const hindi = await callRoute<ActionData>(action, { path: "/hi/profile", json: { intent: "save" }, cookie: asha.cookie });
    expect(hindi.status).toBe(415);
    expect(hindi.data.message).toBe(HI.page.unreadable);
  });

  test("an unreadable post while signed out goes to sign in", async () => {
    const answer = await callRoute(action, { path: "/profile", json: {} });
    expect(answer.location).toBe("/auth?redirectTo=%2Fprofile");
  });

  test("a delete while signed out goes to sign in", async () => {
    const answer = await post({ intent: "delete", name: "x", password: "y" });
    expect(answer.location).toBe("/auth?redirectTo=%2Fprofile");
  });

  test("a post from another site is refused and changes nothing", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await callRoute(action, {
      path: "/profile",
      form: { intent: "delete", name: "Asha Rao", password: FIXTURE_PASSWORD },
      cookie: asha.cookie,
      origin: "https://evil.example",
    });
    expect(answer.status).toBe(403);
    expect(await accountExists(asha.id)).toBe(true);
  });
});
