/**
 * POST /api/saveUser/:uid (contract): the owner updates name, gender, dob and
 * about, and nothing else; bad input is a 400 with a clear message and changes
 * nothing. Moved from the browser suite's user-api.spec.ts.
 */
import { describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, makeAccount, signIn } from "../../../tests/routes/route-kit";
import { action, loader } from "./save-user-by-id";

type Answer = { success: boolean; message: string; data: Record<string, unknown>; errors?: Record<string, string> };

const save = (uid: string, body: unknown, cookie?: string) => callRoute<Answer>(action, { path: `/api/saveUser/${uid}`, params: { uid }, json: body, cookie });

async function stored(id: string) {
  const { database } = await services();
  return database.db
    .selectFrom("user")
    .innerJoin("profile", "profile.user_id", "user.id")
    .select(["user.name", "user.email", "user.language", "profile.gender", "profile.dob", "profile.about", "profile.role"])
    .where("user.id", "=", id)
    .executeTakeFirstOrThrow();
}

test("signed out, it is a 401 in the contract's error shape", async () => {
  const answer = await save("anything", { name: "x" });
  expect(answer.status).toBe(401);
  expect(answer.data).toEqual({ success: false, message: expect.any(String) });
});

test("someone else's id is a 403 and their record is unchanged", async () => {
  const asha = await signIn();
  const bob = await makeAccount({ name: "Bob Iyer" });
  const answer = await save(bob.id, { name: "Hacked" }, asha.cookie);
  expect(answer.status).toBe(403);
  expect(answer.data).toEqual({ success: false, message: expect.any(String) });
  expect((await stored(bob.id)).name).toBe("Bob Iyer");
});

test("only name, gender, dob and about change; every other field is ignored", async () => {
  const asha = await signIn({ name: "Asha Rao" });
  const { database } = await services();
  const before = await database.db.selectFrom("profile").select(["created_at", "updated_at"]).where("user_id", "=", asha.id).executeTakeFirstOrThrow();
  await new Promise((r) => setTimeout(r, 5));
  const answer = await save(
    asha.id,
    {
      name: "Meera K",
      gender: "Female",
      dob: "2001-02-03",
      about: "Hello",
      id: "someone-else",
      email: "evil@example.test",
      email_verified: false,
      login_count: 999,
      verification_attempts: 7,
      created_at: "2000-01-01T00:00:00.000Z",
      role: "admin",
      isAdmin: true,
      language: "hi",
      messages: [{ id: "x" }],
      // The profile page's date boxes are the form's, not the contract's: the API reads `dob` only.
      "dob-day": "9",
      "dob-month": "9",
      "dob-year": "1999",
    },
    asha.cookie,
  );
  expect(answer.status).toBe(200);
  expect(answer.data.success).toBe(true);
  expect(answer.data.message).toBe("Profile updated successfully!");
  const after = answer.data.data;
  expect(after).toMatchObject({
    id: asha.id,
    email: asha.email,
    name: "Meera K",
    gender: "Female",
    dob: "2001-02-03",
    about: "Hello",
    email_verified: true,
    login_count: 0,
    verification_attempts: 0,
    messages: [],
  });
  expect(after).not.toHaveProperty("role");
  expect(after).not.toHaveProperty("isAdmin");
  expect(after).not.toHaveProperty("language");
  expect(new Date(String(after.created_at)).getTime()).toBe(new Date(before.created_at).getTime());
  expect(new Date(String(after.updated_at)).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
  expect(await stored(asha.id)).toEqual({
    name: "Meera K",
    email: asha.email,
    language: "en",
    gender: "Female",
    dob: "2001-02-03",
    about: "Hello",
    role: "member",
  });
});

test("a form post (urlencoded) works as JSON does", async () => {
  const asha = await signIn();
  const answer = await callRoute<Answer>(action, {
    path: `/api/saveUser/${asha.id}`,
    params: { uid: asha.id },
    form: { name: "Form Poster", about: "From a form" },
    cookie: asha.cookie,
  });
  expect(answer.status).toBe(200);
  expect(answer.data.data).toMatchObject({ name: "Form Poster", about: "From a form" });
});

test("an empty dob clears the stored one", async () => {
  const asha = await signIn();
  await save(asha.id, { name: "Asha", dob: "1990-08-05" }, asha.cookie);
  const answer = await save(asha.id, { name: "Asha", dob: "" }, asha.cookie);
  expect(answer.status).toBe(200);
  expect((await stored(asha.id)).dob).toBe("");
});

describe("bad input is a 400 with a clear message and changes nothing", () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ["a date that does not exist", { name: "Ok", dob: "2020-02-30" }, "dob", "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today."],
    ["a date in words", { name: "Ok", dob: "yesterday" }, "dob", "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today."],
    ["a date in the future", { name: "Ok", dob: "2999-01-01" }, "dob", "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today."],
    ["a date before 1900", { name: "Ok", dob: "1899-12-31" }, "dob", "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today."],
    // The contract's format only: the profile page's day-month-year order is not read here.
    ["a date in the page's order", { name: "Ok", dob: "03/02/2001" }, "dob", "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today."],
    // A form's date boxes do not stand in for it: a bad `dob` is refused whatever comes along.
    [
      "a bad dob with good date boxes",
      { name: "Ok", dob: "1999-02-31", "dob-day": "3", "dob-month": "2", "dob-year": "2001" },
      "dob",
      "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today.",
    ],
    ["an empty name", { name: "" }, "name", "Name is required."],
    ["a blank name", { name: "   " }, "name", "Name is required."],
    ["no name at all", { about: "x" }, "name", "Name is required."],
    ["a name over 100 characters", { name: "x".repeat(101) }, "name", "Name must be at most 100 characters."],
    ["a gender over 40 characters", { name: "Ok", gender: "g".repeat(41) }, "gender", "Gender must be at most 40 characters."],
    ["an about over 2000 characters", { name: "Ok", about: "y".repeat(2001) }, "about", "About must be at most 2000 characters."],
    ["a gender that is not text", { name: "Ok", gender: { nested: true } }, "gender", "Gender must be text."],
    ["a dob that is not text", { name: "Ok", dob: 20010203 }, "dob", "Date of birth must be text."],
    ["an about that is not text", { name: "Ok", about: ["a"] }, "about", "About must be text."],
  ];
  test.each(cases)("%s", async (_what, body, field, message) => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await save(asha.id, body, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await stored(asha.id)).toMatchObject({ name: "Asha Rao", gender: "", dob: "", about: "" });
  });

  test("every bad field is named at once", async () => {
    const asha = await signIn();
    const answer = await save(asha.id, { name: "", dob: "yesterday" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.errors).toEqual({ name: "Name is required.", dob: "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today." });
    expect(answer.data.message).toContain("Name is required.");
    expect(answer.data.message).toContain("Date of birth must be a real date");
  });
});

describe("bodies the reader refuses", () => {
  test("JSON that does not parse is a 400", async () => {
    const asha = await signIn();
    const answer = await callRoute(action, {
      path: `/api/saveUser/${asha.id}`,
      params: { uid: asha.id },
      body: "{not json",
      headers: { "content-type": "application/json" },
      cookie: asha.cookie,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ success: false, message: "The request body is not valid JSON." });
  });

  test("a JSON array is a 400", async () => {
    const asha = await signIn();
    const answer = await save(asha.id, [{ name: "x" }], asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ success: false, message: "The request body must be a JSON object." });
  });

  test("a body over 64 KB is a 413 and changes nothing", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await save(asha.id, { name: "Ok", about: "z".repeat(70_000) }, asha.cookie);
    expect(answer.status).toBe(413);
    expect(answer.data).toEqual({ success: false, message: "The request body is too large: the limit is 64 KB." });
    expect((await stored(asha.id)).name).toBe("Asha Rao");
  });

  test("a content type it does not take is a 415", async () => {
    const asha = await signIn();
    const answer = await callRoute(action, {
      path: `/api/saveUser/${asha.id}`,
      params: { uid: asha.id },
      body: "name=x",
      headers: { "content-type": "text/plain" },
      cookie: asha.cookie,
    });
    expect(answer.status).toBe(415);
  });

  test("text with a NUL character is a 400", async () => {
    const asha = await signIn();
    const answer = await save(asha.id, { name: "A\u0000B" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ success: false, message: "Text may not contain a NUL character." });
  });
});

test("GET and other methods are a 405 that says to POST", async () => {
  const get = await callRoute(loader, { path: "/api/saveUser/x", params: { uid: "x" } });
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  const asha = await signIn();
  const patch = await callRoute(action, {
    path: `/api/saveUser/${asha.id}`,
    method: "PATCH",
    params: { uid: asha.id },
    json: { name: "x" },
    cookie: asha.cookie,
  });
  expect(patch.status).toBe(405);
});

test("a post from another site is refused and changes nothing", async () => {
  const asha = await signIn({ name: "Asha Rao" });
  const answer = await callRoute(action, {
    path: `/api/saveUser/${asha.id}`,
    params: { uid: asha.id },
    json: { name: "Evil" },
    cookie: asha.cookie,
    origin: "https://evil.example",
  });
  expect(answer.status).toBe(403);
  expect((await stored(asha.id)).name).toBe("Asha Rao");
});
