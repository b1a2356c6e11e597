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
    // A module the page loads (its preloads are in the bootstrap script since ADR 0019).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
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

  test("security.txt has RFC 9116's fields and an expiry within a year", async ({ request, baseURL }) => {
    const res = await request.get("/.well-known/security.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
    const fields = new Map((await res.text()).trim().split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as const));
    expect(fields.get("Contact")).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect(fields.get("Canonical")).toBe(`${baseURL}/.well-known/security.txt`);
    const expires = Date.parse(fields.get("Expires") ?? "");
    expect(fields.get("Expires")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(expires - Date.now()).toBeGreaterThan(300 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(366 * 86_400_000);
  });

  test("the blog's RSS 2.0 feed lists every post and the blog pages link it", async ({ page, request, baseURL }) => {
    const res = await request.get("/blog/rss.xml");
    expect(res.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    await page.goto("/blog");
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href")).toBe("/blog/rss.xml");
    // Parsed by the browser's XML parser: well-formed, an RSS 2.0 channel, eight dated items.
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const items = [...doc.querySelectorAll("channel > item")];
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        version: doc.documentElement.getAttribute("version"),
        title: doc.querySelector("channel > title")?.textContent,
        items: items.map((i) => ({ link: i.querySelector("link")?.textContent ?? "", date: i.querySelector("pubDate")?.textContent ?? "" })),
      };
    }, xml);
    expect(feed.error).toBeNull();
    expect(feed.version).toBe("2.0");
    expect(feed.title).toBeTruthy();
    expect(feed.items).toHaveLength(8);
    for (const item of feed.items) {
      expect(item.link).toMatch(new RegExp(`^${baseURL}/blog/[a-z0-9-]+$`));
      expect(Number.isNaN(Date.parse(item.date))).toBe(false);
    }
    expect((await request.get(new URL(feed.items[0]!.link).pathname)).status()).toBe(200);
  });
});

test.describe("the local outbox", () => {
  test("does not exist when SMTP_URL is set", async ({ request }) => {
    expect((await request.get("/dev/mailbox")).status()).toBe(404);
  });
});

test.describe("Better Auth's own client", () => {
  test("createAuthClient signs up, signs in, reads the session and signs out against /api/auth", async ({ baseURL, clientIp }, testInfo) => {
    const { createAuthClient } = await import("better-auth/client");
    const { linkIn, uniqueEmail, waitForMail } = await import("./fixtures");
    const client = createAuthClient({ baseURL: `${baseURL}/api/auth`, fetchOptions: { headers: { origin: baseURL!, "x-forwarded-for": clientIp } } });
    const email = uniqueEmail(testInfo, "client");
    const password = "client-pass-77";

    const up = await client.signUp.email({ email, password, name: "Client User" });
    expect(up.error).toBeNull();
    expect(up.data?.user.email).toBe(email);
    // Verification is mandatory: before it, sign-in is refused with Better Auth's own code.
    const early = await client.signIn.email({ email, password });
    expect(early.error?.status).toBe(403);
    expect(early.error?.code).toBe("EMAIL_NOT_VERIFIED");
    const verified = await fetch(linkIn(await waitForMail(email, /Verify your email/), /verify-email/), { redirect: "manual" });
    expect(verified.status).toBe(302);

    let cookie = "";
    const signedIn = await client.signIn.email({
      email,
      password,
      fetchOptions: {
        onResponse: ({ response }) => {
          cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        },
      },
    });
    expect(signedIn.error).toBeNull();
    expect(cookie).toContain("tuesday.session_token=");

    const session = await client.getSession({ fetchOptions: { headers: { cookie } } });
    expect(session.data?.user.email).toBe(email);

    const out = await client.signOut({ fetchOptions: { headers: { cookie } } });
    expect(out.error).toBeNull();
    const after = await client.getSession({ fetchOptions: { headers: { cookie } } });
    expect(after.data).toBeNull();
  });
});
