/** /sitemap.xml: every public page and post on the public origin, each page with a Hindi twin paired with it. */
import { JSDOM } from "jsdom";
import { expect, test } from "vitest";
import { postSummaries } from "~/features/blog/posts.server";
import { callRoute } from "../../tests/routes/route-kit";
import { loader } from "./sitemap.xml";

test("well-formed, on the public origin: the pages, their Hindi twins with hreflang both ways, and every post", async () => {
  const answer = await callRoute<string>(loader, { path: "/sitemap.xml" });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/xml/);
  const doc = new new JSDOM("").window.DOMParser().parseFromString(answer.data, "application/xml");
  expect(doc.querySelector("parsererror")).toBeNull();
  const locs = [...doc.getElementsByTagName("loc")].map((l) => l.textContent);
  for (const path of ["/", "/pricing", "/hi/pricing", "/about", "/blog", "/contact", "/waitlist", "/privacy"])
    expect(locs).toContain(`http://localhost:3000${path}`);
  for (const post of postSummaries()) expect(locs).toContain(`http://localhost:3000/blog/${post.slug}`);
  // /home is the home page again; account pages are not for crawlers.
  expect(locs).not.toContain("http://localhost:3000/home");
  expect(locs.some((l) => /\/(auth|profile|admin|api)\b/.test(l ?? ""))).toBe(false);
  expect(answer.data).toContain('<xhtml:link rel="alternate" hreflang="hi" href="http://localhost:3000/hi/pricing"/>');
  expect(answer.data).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:3000/pricing"/>');
});
