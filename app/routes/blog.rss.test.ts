/** GET /blog/rss.xml (contract): RSS 2.0 of every post, well-formed XML on the public origin. */
import { JSDOM } from "jsdom";
import { expect, test } from "vitest";
import { postSummaries } from "~/features/blog/posts.server";
import { callRoute } from "../../tests/routes/route-kit";
import { loader as postLoader } from "./blog.post";
import { loader } from "./blog.rss";

test("a well-formed RSS 2.0 channel with every post, newest first, each linked on this site with a real date", async () => {
  const answer = await callRoute<string>(loader, { path: "/blog/rss.xml" });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
  const doc = new new JSDOM("").window.DOMParser().parseFromString(answer.data, "application/xml");
  expect(doc.querySelector("parsererror")).toBeNull();
  expect(doc.documentElement.getAttribute("version")).toBe("2.0");
  expect(doc.querySelector("channel > title")?.textContent).toBeTruthy();
  expect(doc.querySelector("channel > link")?.textContent).toBe("http://localhost:3000/blog");
  const items = [...doc.querySelectorAll("channel > item")].map((i) => ({
    link: i.querySelector("link")?.textContent ?? "",
    date: i.querySelector("pubDate")?.textContent ?? "",
  }));
  expect(items).toHaveLength(8);
  expect(items.map((i) => i.link)).toEqual(postSummaries().map((p) => `http://localhost:3000/blog/${p.slug}`));
  for (const item of items) expect(Number.isNaN(Date.parse(item.date))).toBe(false);
  const dates = items.map((i) => Date.parse(i.date));
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  // The first item's page exists.
  const slug = new URL(items[0]!.link).pathname.split("/").pop()!;
  expect((await callRoute(postLoader, { path: `/blog/${slug}`, params: { slug } })).status).toBe(200);
});
