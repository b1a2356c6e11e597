import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startPwnedRangeServer, type RangeServer } from "../../../tests/support/pwned-range-server";
import { isBreached, localRefusal, PASSWORD_MESSAGES, refuseNewPassword } from "./password-policy.server";

describe("the password policy, without the network", () => {
  it("refuses the most common passwords, whatever their case", () => {
    for (const p of ["password", "PASSWORD", "12345678", "qwertyuiop", "iloveyou", "sunshine"])
      expect(localRefusal(p), p).toMatchObject({ code: "PASSWORD_COMMON" });
  });

  it("refuses the brand's own words, with digits and symbols around them", () => {
    for (const p of ["tuesdayai2026", "TuesdayAI!", "tuesday-ai-2026", "aituesday123", "tuesdaylabs#1"]) {
      expect(localRefusal(p), p).toEqual({ code: "PASSWORD_BRAND", message: PASSWORD_MESSAGES.brand });
    }
  });

  it("lets anything else through", () => {
    for (const p of ["correct-horse-7", "tuesday-morning-coffee", "a-new-password-9", "Zq8!vLm2#pR"]) expect(localRefusal(p), p).toBeNull();
  });
});

describe("the breached-password check (k-anonymity range API)", () => {
  let range: RangeServer;
  const warn = vi.fn();
  beforeAll(async () => {
    range = await startPwnedRangeServer(47_381, ["Breached-Password-1"]);
  });
  afterAll(() => range.stop());

  it("finds a listed password, asking only for the first 5 hex characters of its SHA-1", async () => {
    expect(await isBreached("Breached-Password-1", { url: range.url, log: { warn } })).toBe(true);
    // SHA-1("Breached-Password-1") starts with these five characters; nothing else of it was sent.
    expect(range.asked.at(-1)).toMatch(/^\/range\/[0-9A-F]{5}$/);
    expect(await refuseNewPassword("Breached-Password-1", { url: range.url, log: { warn } })).toEqual({
      code: "PASSWORD_BREACHED",
      message: PASSWORD_MESSAGES.breached,
    });
  });

  it("ignores the padding lines (count 0) and passes a password not listed", async () => {
    expect(await isBreached("not-in-any-breach-4711", { url: range.url, log: { warn } })).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it("accepts the password and logs a warning when the service is down or too slow", async () => {
    await range.down();
    expect(await isBreached("Breached-Password-1", { url: range.url, log: { warn } })).toBeNull();
    expect(await refuseNewPassword("Breached-Password-1", { url: range.url, log: { warn } })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ service: range.url }), expect.stringContaining("did not answer"));
    await range.up();

    // A service that never answers: given up after the timeout.
    const started = Date.now();
    const never = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    expect(await isBreached("x-strong-password-1", { url: range.url, log: { warn }, timeoutMs: 200, fetch: never as unknown as typeof fetch })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("is off with an empty URL", async () => {
    expect(await isBreached("Breached-Password-1", { url: "", log: { warn } })).toBe(false);
  });
});
