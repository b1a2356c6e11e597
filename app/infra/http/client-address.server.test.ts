import { describe, expect, it } from "vitest";
import type { TrustProxy } from "~/config/env.server";
import { limiterKey, normalizeAddress, resolveClientAddress } from "./client-address.server";

const none: TrustProxy = { kind: "none" };
const hops = (n: number): TrustProxy => ({ kind: "hops", hops: n });
const list = (...addresses: string[]): TrustProxy => ({ kind: "list", addresses });

describe("resolveClientAddress", () => {
  it("is the socket peer without trusted proxies, whatever the header says", () => {
    expect(resolveClientAddress("10.0.0.1", "203.0.113.7", none)).toBe("10.0.0.1");
  });

  it("takes the entry our one proxy appended (the right end), not the client's first hop", () => {
    expect(resolveClientAddress("127.0.0.1", "1.2.3.4, 203.0.113.7", hops(1))).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.7", hops(1))).toBe("203.0.113.7");
  });

  it("counts several trusted hops from the right; fewer entries: the left-most", () => {
    expect(resolveClientAddress("10.0.0.1", "1.2.3.4, 203.0.113.7, 10.1.1.1", hops(2))).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.7", hops(3))).toBe("203.0.113.7");
  });

  it("with a bare count, ignores the header of a public peer (a proxy of ours is never public)", () => {
    expect(resolveClientAddress("198.51.100.4", "203.0.113.7", hops(1))).toBe("198.51.100.4");
    expect(resolveClientAddress("2001:db8::4", "203.0.113.7", hops(1))).toBe("2001:db8::4");
    expect(resolveClientAddress("fd12::1", "203.0.113.7", hops(1))).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:192.168.1.2", "203.0.113.7", hops(1))).toBe("203.0.113.7");
  });

  it("with a list, believes the header only from a listed peer", () => {
    const trusted = list("127.0.0.2", "10.0.0.0/8");
    expect(resolveClientAddress("127.0.0.2", "203.0.113.7", trusted)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", trusted)).toBe("127.0.0.1");
    // A chain: listed proxies are skipped from the right, the first stranger is the client.
    expect(resolveClientAddress("10.0.0.9", "6.6.6.6, 203.0.113.7, 10.1.2.3", trusted)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", list("loopback"))).toBe("203.0.113.7");
  });

  it("falls back to the socket peer for a missing or malformed header", () => {
    expect(resolveClientAddress("10.0.0.1", null, hops(1))).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "not-an-ip", hops(1))).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", " , ", hops(1))).toBe("10.0.0.1");
  });

  it("normalises IPv4-mapped IPv6 and IPv6 spellings", () => {
    expect(resolveClientAddress("::ffff:203.0.113.9", null, none)).toBe("203.0.113.9");
    expect(resolveClientAddress("127.0.0.1", "2001:DB8:0:0::1", hops(1))).toBe("2001:db8::1");
    expect(normalizeAddress("::ffff:7f00:1")).toBe("127.0.0.1");
  });
});

describe("limiterKey", () => {
  it("is an IPv4 address itself", () => {
    expect(limiterKey("203.0.113.9")).toBe("203.0.113.9");
    expect(limiterKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is an IPv6 address's /64: every address of one /64 shares a key", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:0:0:0:3"].map(limiterKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(limiterKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(limiterKey("unknown")).toBe("unknown");
  });
});
