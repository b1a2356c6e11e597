import { expect, test } from "./fixtures";

test.describe("operations", () => {
  test("GET /api/health answers ok when the database does", async ({ request }) => {
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("pages carry the security headers", async ({ request }) => {
    for (const path of ["/", "/auth", "/no-such-page"]) {
      const res = await request.get(path);
      const h = res.headers();
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const csp = h["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' '(nonce|sha256)-/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  test("hashed assets are immutable and compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["content-encoding"]).toBe("gzip");
  });

  test("writes from another origin are refused", async ({ request }) => {
    const res = await request.post("/api/auth/sign-out", { headers: { Origin: "https://evil.example" }, data: {} });
    expect(res.status()).toBe(403);
  });

  test("crawler files point at the public origin", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/pricing</loc>`);
  });
});

test.describe("the local outbox", () => {
  test("does not exist when SMTP_URL is set", async ({ request }) => {
    expect((await request.get("/dev/mailbox")).status()).toBe(404);
  });
});
