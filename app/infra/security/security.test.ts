import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, cspNonce, inlineScriptHashes } from "./csp";
import { allowedOrigins, isForeignWrite } from "./origin-check.server";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("content security policy", () => {
  it("never allows inline scripts without a nonce or hash", () => {
    const csp = contentSecurityPolicy(["'nonce-abc'"]);
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("hashes each inline script of a page, and only inline ones", () => {
    const html = `<script>window.a=1</script><script src="/x.js"></script><script type="module">import "/y.js";</script><script></script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/y.js";')]);
  });

  it("given the nonce a page was rendered with, hashes only the scripts that carry it", () => {
    const html = `<script nonce="n0nce">window.ours=1</script><p><script>alert("injected")</script></p><script nonce="other">x()</script>`;
    expect(inlineScriptHashes(html, "n0nce")).toEqual([sha("window.ours=1")]);
    expect(cspNonce(contentSecurityPolicy(["'nonce-n0nce'"]))).toBe("n0nce");
    expect(cspNonce(contentSecurityPolicy([sha("x")]))).toBeUndefined();
  });
});

describe("origin check", () => {
  const allowed = allowedOrigins("http://localhost:3000");
  const req = (method: string, headers: Record<string, string>) => new Request("http://localhost:3000/api/x", { method, headers });

  it("accepts APP_URL's origin and its loopback twins", () => {
    expect(isForeignWrite(req("POST", { origin: "http://localhost:3000" }), allowed)).toBe(false);
    expect(isForeignWrite(req("POST", { origin: "http://127.0.0.1:3000" }), allowed)).toBe(false);
  });

  it("refuses other origins, opaque origins and cross-site fetches", () => {
    expect(isForeignWrite(req("POST", { origin: "https://evil.example" }), allowed)).toBe(true);
    expect(isForeignWrite(req("DELETE", { origin: "null" }), allowed)).toBe(true);
    expect(isForeignWrite(req("POST", { "sec-fetch-site": "cross-site" }), allowed)).toBe(true);
  });

  it("lets reads and non-browser clients through", () => {
    expect(isForeignWrite(req("GET", { origin: "https://evil.example" }), allowed)).toBe(false);
    expect(isForeignWrite(req("POST", {}), allowed)).toBe(false);
  });

  it("does not widen a public APP_URL to loopback", () => {
    expect([...allowedOrigins("https://tuesday.example")]).toEqual(["https://tuesday.example"]);
  });
});
