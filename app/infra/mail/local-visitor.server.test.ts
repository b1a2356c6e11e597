import { describe, expect, it } from "vitest";
import { isLocalVisitor } from "./local-visitor.server";

const req = (headers: Record<string, string>) => new Request("http://localhost/dev/mailbox", { headers });

describe("isLocalVisitor", () => {
  it("is the person at the machine: loopback peer, loopback Host, no proxy header", () => {
    expect(isLocalVisitor(req({ host: "localhost:3000" }), "127.0.0.1")).toBe(true);
    expect(isLocalVisitor(req({ host: "127.0.0.1:3000" }), "::ffff:127.0.0.1")).toBe(true);
    expect(isLocalVisitor(req({ host: "[::1]:3000" }), "::1")).toBe(true);
  });

  it("refuses a peer that is not loopback", () => {
    expect(isLocalVisitor(req({ host: "localhost:3000" }), "192.168.1.20")).toBe(false);
    expect(isLocalVisitor(req({ host: "localhost:3000" }), "")).toBe(false);
  });

  it("refuses a public or missing Host (a proxy or tunnel forwarding its name)", () => {
    expect(isLocalVisitor(req({ host: "public.example:8443" }), "127.0.0.1")).toBe(false);
    expect(isLocalVisitor(req({ host: "127.example.com" }), "127.0.0.1")).toBe(false);
    expect(isLocalVisitor(req({}), "127.0.0.1")).toBe(false);
  });

  it("refuses any proxy header", () => {
    for (const header of ["x-forwarded-for", "forwarded", "via", "x-real-ip", "x-forwarded-host"]) {
      expect(isLocalVisitor(req({ host: "localhost:3000", [header]: "127.0.0.1" }), "127.0.0.1")).toBe(false);
    }
  });
});
