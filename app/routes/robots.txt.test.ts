/** /robots.txt: everything public may be crawled, account and API paths may not; the sitemap on the public origin. */
import { expect, test } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { loader } from "./robots.txt";

test("allows the site, keeps crawlers out of the API, accounts and the local mailbox, and names the sitemap", async () => {
  const answer = await callRoute<string>(loader, { path: "/robots.txt" });
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  const lines = answer.data.split("\n");
  expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /auth", "Disallow: /profile", "Disallow: /dev/"]));
  expect(lines).toContain("Sitemap: http://localhost:3000/sitemap.xml");
});
