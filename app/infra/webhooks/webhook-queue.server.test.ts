import { createHmac } from "node:crypto";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "~/config/env.server";
import { authOptions } from "~/features/auth/auth.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import { testDatabases } from "../../../tests/support/test-databases";
import type { PostOptions } from "./public-post.server";
import { isPublicAddress, signature, WebhookQueue } from "./webhook-queue.server";

describe("webhook signatures and addresses", () => {
  it("signs t.body with HMAC-SHA256, as Stripe's receivers check it", () => {
    const body = '{"event":"form.submission"}';
    expect(signature("whsec_test", body, 1_700_000_000)).toBe(
      `t=1700000000,v1=${createHmac("sha256", "whsec_test").update(`1700000000.${body}`).digest("hex")}`,
    );
  });

  it("knows which addresses the public internet routes to", () => {
    for (const ok of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]) expect(isPublicAddress(ok), ok).toBe(true);
    for (const bad of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
      "100.64.0.1",
      "not an ip",
    ]) {
      expect(isPublicAddress(bad), bad).toBe(false);
    }
  });
});

describe.each(testDatabases())("webhook deliveries on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(allowPrivate: boolean, answer: () => Promise<number>) {
    const created = await target.create();
    cleanups.push(created.drop);
    const env = loadEnv({ AUTH_SECRET: "s".repeat(40), DATABASE_URL: created.url });
    const database: DatabaseHandle = openDatabase(created.config);
    cleanups.push(() => database.close());
    await migrateToLatest(database, authOptions({ env, database }));
    const now = new Date().toISOString();
    await database.db
      .insertInto("form")
      .values({
        key: "hooked",
        name: "Hooked",
        notify_email: "",
        enabled: 1,
        allowed_origins: "",
        built_in: 0,
        created_at: now,
        updated_at: now,
        webhook_url: "http://127.0.0.1:9/hook",
        webhook_secret: "whsec_x",
      })
      .execute();
    const calls: Array<{ url: string; init: PostOptions }> = [];
    const queue = new WebhookQueue(database, pino({ level: "silent" }), {
      retryBaseMs: 1_000,
      allowPrivate,
      // The receiver stands in only where private addresses are allowed: otherwise the real POST's own check answers.
      post: allowPrivate
        ? async (url, init) => {
            calls.push({ url, init });
            return answer();
          }
        : undefined,
    });
    const id = await queue.enqueue({
      formKey: "hooked",
      messageId: "m1",
      url: "http://127.0.0.1:9/hook",
      event: "form.submission",
      payload: { hello: "world" },
    });
    const row = () => database.db.selectFrom("webhook_delivery").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return { queue, calls, row, id };
  }

  it("on a public site, never POSTs to a loopback address (SSRF): the attempt fails and is retried like any other", async () => {
    const { queue, calls, row } = await setup(false, async () => 200);
    expect(await queue.runOnce()).toEqual({ delivered: 0, failed: 1 });
    expect(calls).toHaveLength(0);
    expect(await row()).toMatchObject({ status: "pending", attempts: 1, last_error: "127.0.0.1 is not a public address: not sent" });
  });

  it("a 500 waits its back-off and is tried again; a 2xx is delivered; a delivered row can be redelivered", async () => {
    let status = 500;
    const { queue, calls, row, id } = await setup(true, async () => status);
    const start = new Date();
    expect(await queue.runOnce({ now: start })).toEqual({ delivered: 0, failed: 1 });
    expect(await row()).toMatchObject({ status: "pending", attempts: 1, last_status: 500, last_error: "the receiver answered 500" });
    // Not due before its back-off.
    expect(await queue.runOnce({ now: new Date(start.getTime() + 500) })).toEqual({ delivered: 0, failed: 0 });
    status = 204;
    expect(await queue.runOnce({ now: new Date(start.getTime() + 1_100) })).toEqual({ delivered: 1, failed: 0 });
    expect(await row()).toMatchObject({ status: "delivered", attempts: 2, last_status: 204, last_error: null });
    const headers = new Headers(calls[1]!.init.headers);
    expect(headers.get("x-tuesday-event")).toBe("form.submission");
    expect(headers.get("x-tuesday-signature")).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(String(calls[1]!.init.body))).toMatchObject({ id, event: "form.submission", data: { hello: "world" } });

    expect(await queue.redeliver(id)).toBe(true);
    expect(await queue.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.init.body).toBe(calls[1]!.init.body);
    expect(await queue.redeliver("00000000-0000-0000-0000-000000000000")).toBe(false);
  });
});
