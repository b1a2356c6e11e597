/**
 * Issue 38, finding 11 (Low): an operator's reply to a spam-folder message
 * went to whatever the bot typed as `email` (a list of three addresses
 * reached all three). A caught post's address is kept only if it is one
 * address (the rest stays readable among its fields), and the console refuses
 * to reply to anything else.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, freshIp, mailsTo, signIn, type SignedIn } from "../reliability/lib/harness.ts";
import { asServer, openDb, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.11 on $kind: a reply goes to one address or nowhere", (target) => {
  const server = asServer(target);
  const db = openDb(target);
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signIn(server, { id: "", name: "", ...target.operator });
  });
  afterAll(() => db.destroy());

  it("a bot's list of addresses is kept as text, not as the address, and the console will not reply to it", async () => {
    const marker = `spam-${randomBytes(4).toString("hex")}`;
    const victims = ["one@example.test", "two@example.test", "three@example.test"].map((a) => a.replace("@", `-${marker}@`));
    const posted = await call(
      server,
      "POST",
      "/api/forms/feedback",
      { name: "Bot", email: victims.join(", "), message: marker, subject_line: "filled by a bot" },
      { ip: freshIp() },
    );
    expect(posted.status).toBe(200);
    const row = await db.selectFrom("form_message").select(["id", "email", "status", "fields"]).where("message", "=", marker).executeTakeFirstOrThrow();
    expect(row.status).toBe("spam");
    expect(row.email).toBe("");
    expect(row.fields).toContain(victims[0]);
    const reply = await call(server, "POST", "/admin/messages", new URLSearchParams({ intent: "reply", id: row.id, body: "Thanks for writing." }), {
      cookie: operator.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reply.status).toBe(400);
    for (const victim of victims) expect(await mailsTo(server, victim)).toEqual([]);
  });

  it("a stored list from before the fix is refused too", async () => {
    const marker = `spam-old-${randomBytes(4).toString("hex")}`;
    const posted = await call(
      server,
      "POST",
      "/api/forms/feedback",
      { name: "Bot", email: `a-${marker}@example.test`, message: marker, subject_line: "bot" },
      { ip: freshIp() },
    );
    expect(posted.status).toBe(200);
    const row = await db.selectFrom("form_message").select("id").where("message", "=", marker).executeTakeFirstOrThrow();
    await db
      .updateTable("form_message")
      .set({ email: `a-${marker}@example.test, b-${marker}@example.test` })
      .where("id", "=", row.id)
      .execute();
    const reply = await call(server, "POST", "/admin/messages", new URLSearchParams({ intent: "reply", id: row.id, body: "Hello" }), {
      cookie: operator.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reply.status).toBe(400);
    expect(await mailsTo(server, `a-${marker}@example.test`)).toEqual([]);
  });
});
