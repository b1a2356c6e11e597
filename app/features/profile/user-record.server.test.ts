/**
 * The profile's optimistic update (issue 22: two tabs saving, the older one
 * must not silently revert the newer), on SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL: a save carries the version it edited; a newer record refuses it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openMigratedDatabase, testDatabases } from "../../../tests/support/test-databases";
import { updateOwnProfile } from "./profile-service.server";
import { getProfileRecord, getUserRecord, updateProfile } from "./user-record.server";

const SECRET = "user-record-secret-user-record-secret";
const edit = (about: string) => ({ name: "Asha", gender: "", dob: "", about });

describe.each(testDatabases())("the profile's optimistic update on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open() {
    const { database } = await openMigratedDatabase(target, cleanups, SECRET);
    const now = new Date().toISOString();
    await database.db
      .insertInto("user")
      .values({ id: "asha", name: "Asha", email: "asha@example.com", emailVerified: 1, image: null, createdAt: now, updatedAt: now })
      .execute();
    return database;
  }

  async function setup() {
    const { database } = await openMigratedDatabase(target, cleanups, SECRET);
    const now = new Date().toISOString();
    await database.db
      .insertInto("user")
      .values({ id: "asha", name: "Asha", email: "asha@example.com", emailVerified: 1, image: null, createdAt: now, updatedAt: now })
      .execute();
    await updateProfile(database.db, "asha", edit("first"), new Date(Date.now() - 60_000));
    return database.db;
  }

  it("saves over the version it edited, and refuses (writing nothing) once another save came first", async () => {
    const db = await setup();
    const loaded = (await getUserRecord(db, "asha"))!.updated_at;
    // Tab B saves first, from the same version.
    expect(await updateProfile(db, "asha", edit("tab B"), new Date(), loaded)).toBe("updated");
    // Tab A, still on the old version: refused, and tab B's words stay.
    expect(await updateProfile(db, "asha", { ...edit("tab A"), name: "Renamed by A" }, new Date(Date.now() + 1_000), loaded)).toBe("conflict");
    const record = (await getUserRecord(db, "asha"))!;
    expect(record).toMatchObject({ about: "tab B", name: "Asha" });
    // Reloaded, tab A saves over the newest version.
    expect(await updateProfile(db, "asha", edit("tab A again"), new Date(Date.now() + 2_000), record.updated_at)).toBe("updated");
    expect((await getUserRecord(db, "asha"))!.about).toBe("tab A again");
  });

  it("lets one of two saves racing from one version win", async () => {
    const db = await setup();
    const loaded = (await getUserRecord(db, "asha"))!.updated_at;
    const outcomes = await Promise.all(["one", "two", "three"].map((about, i) => updateProfile(db, "asha", edit(about), new Date(Date.now() + i + 1), loaded)));
    expect(outcomes.filter((o) => o === "updated")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "conflict")).toHaveLength(2);
  });

  it("without a version (the contract's API) the last write wins, as before", async () => {
    const db = await setup();
    expect(await updateProfile(db, "asha", edit("api"), new Date())).toBe("updated");
    expect(await updateProfile(db, "asha", edit("api again"), new Date(Date.now() + 1))).toBe("updated");
    expect((await getUserRecord(db, "asha"))!.about).toBe("api again");
  });

  it("stores the mail language the profile page saves, in the user row, and refuses anything but en and hi", async () => {
    const database = await open();
    const viewer = { id: "asha", name: "Asha", email: "asha@example.com" };
    const language = async () => (await database.db.selectFrom("user").select("language").where("id", "=", "asha").executeTakeFirstOrThrow()).language;
    // A row from before the column (or written around Better Auth) holds none: it reads as English.
    expect([null, "en"]).toContain(await language());
    expect((await getProfileRecord(database.db, "asha"))?.language).toBe("en");

    const saved = await updateOwnProfile({ database }, viewer, { ...edit("namaste"), language: "hi" }, { withLanguage: true });
    expect(saved).toMatchObject({ ok: true, language: "hi", record: { about: "namaste" } });
    // The API's record stays the contract's: no language in it.
    expect(saved.ok && "language" in saved.record).toBe(false);
    expect(await language()).toBe("hi");
    expect(await getProfileRecord(database.db, "asha")).toMatchObject({ language: "hi", about: "namaste" });

    const refused = await updateOwnProfile({ database }, viewer, { ...edit("bonjour"), language: "fr" }, { withLanguage: true });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { language: "Choose English or Hindi for your emails." } });
    expect(await language()).toBe("hi");
    expect((await getUserRecord(database.db, "asha"))?.about).toBe("namaste");

    // The user-record API (no withLanguage) leaves it as it is.
    expect(await updateOwnProfile({ database }, viewer, { ...edit("api"), language: "en" })).toMatchObject({ ok: true });
    expect(await language()).toBe("hi");
  });
});
