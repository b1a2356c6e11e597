/**
 * Trusted browsers' notes on a real database: a trusted sign-in's note drops
 * the account's notes whose Better Auth rows are gone, and the security page's
 * list only reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../../../tests/support/user-rows";
import { openTestServices, type TestServices } from "../../../tests/support/test-services";
import { listTrustedBrowsers, noteTrustedBrowser } from "./trusted-browsers.server";

let s: TestServices;
beforeAll(async () => {
  s = await openTestServices();
});
afterAll(async () => {
  await s.close();
});

const trustRow = async (identifier: string, userId: string) => {
  const now = new Date().toISOString();
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await s.database.db
    .insertInto("verification")
    .values({ id: identifier, identifier, value: userId, expiresAt: until, createdAt: now, updatedAt: now })
    .execute();
};
const notes = (userId: string) =>
  s.database.db.selectFrom("trusted_browser").select("identifier").where("user_id", "=", userId).orderBy("identifier").execute();
const chrome = new Headers({ "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" });

describe("trusted browsers' notes", () => {
  it("a trusted sign-in's note drops the account's notes of rotated rows, not another account's", async () => {
    const asha = await insertUser(s.database.db, { id: "trust-asha", email: "trust-asha@example.test" });
    const ravi = await insertUser(s.database.db, { id: "trust-ravi", email: "trust-ravi@example.test" });
    await trustRow("trust-device-asha-old", asha.id);
    await noteTrustedBrowser(s.database.db, { identifier: "trust-device-asha-old", value: asha.id }, chrome);
    await trustRow("trust-device-ravi-old", ravi.id);
    await noteTrustedBrowser(s.database.db, { identifier: "trust-device-ravi-old", value: ravi.id }, chrome);
    // Better Auth rotates both rows away; Asha signs in again, trusted.
    await s.database.db.deleteFrom("verification").where("identifier", "in", ["trust-device-asha-old", "trust-device-ravi-old"]).execute();
    await trustRow("trust-device-asha-new", asha.id);
    await noteTrustedBrowser(s.database.db, { identifier: "trust-device-asha-new", value: asha.id }, chrome);

    expect(await notes(asha.id)).toEqual([{ identifier: "trust-device-asha-new" }]);
    expect(await notes(ravi.id)).toEqual([{ identifier: "trust-device-ravi-old" }]);
    expect((await listTrustedBrowsers(s.database.db, asha.id)).map((b) => b.device)).toEqual(["Chrome on Windows"]);
  });

  it("the list only reads: a leftover note stays until the next trusted sign-in, and is not shown", async () => {
    const mira = await insertUser(s.database.db, { id: "trust-mira", email: "trust-mira@example.test" });
    await trustRow("trust-device-mira", mira.id);
    await noteTrustedBrowser(s.database.db, { identifier: "trust-device-mira", value: mira.id }, chrome);
    await s.database.db.deleteFrom("verification").where("identifier", "=", "trust-device-mira").execute();

    expect(await listTrustedBrowsers(s.database.db, mira.id)).toEqual([]);
    expect(await notes(mira.id)).toEqual([{ identifier: "trust-device-mira" }]);
  });
});
