import { describe, expect, test } from "vitest";
import { requestIdOf } from "./request-id.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NGINX_ID = "0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f";

describe("requestIdOf", () => {
  test("a proxy of ours (TRUST_PROXY) hands its id on", () => {
    expect(requestIdOf("127.0.0.1", NGINX_ID, { kind: "hops", hops: 1 })).toBe(NGINX_ID);
    expect(requestIdOf("10.0.0.5", NGINX_ID, { kind: "list", addresses: ["10.0.0.0/8"] })).toBe(NGINX_ID);
  });

  test("anyone else's header is ignored: a new id is made", () => {
    // No proxy is trusted; a public peer is never a counted hop; a peer not on the list.
    expect(requestIdOf("127.0.0.1", NGINX_ID, { kind: "none" })).toMatch(UUID);
    expect(requestIdOf("203.0.113.9", NGINX_ID, { kind: "hops", hops: 1 })).toMatch(UUID);
    expect(requestIdOf("192.168.1.2", NGINX_ID, { kind: "list", addresses: ["10.0.0.0/8"] })).toMatch(UUID);
  });

  test("a trusted proxy's id that could forge a log line, or says nothing, is replaced", () => {
    for (const sent of ["short", "x".repeat(129), "abc def ghijkl", "id\nlevel=error", "<script>alert(1)</script>", "", undefined, ["a1b2c3d4e5", "f6"]]) {
      expect(requestIdOf("127.0.0.1", sent, { kind: "hops", hops: 1 }), String(sent)).toMatch(UUID);
    }
  });

  test("each made id is new", () => {
    expect(requestIdOf("127.0.0.1", undefined, { kind: "none" })).not.toBe(requestIdOf("127.0.0.1", undefined, { kind: "none" }));
  });
});
