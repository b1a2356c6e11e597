/** /blog (and /hi/blog): the posts, newest first, in the page's language. */
import { expect, test } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { links, loader } from "./blog";

type Blog = { i18n: unknown; posts: Array<{ slug: string; title: string; date: string; description: string }> };

test("eight posts from 21 down to 14 January 2025, each with a slug, a title and a description", async () => {
  const { data } = await callRoute<Blog>(loader, { path: "/blog" });
  expect(data.i18n).toBeNull();
  expect(data.posts.map((p) => p.date)).toEqual([21, 20, 19, 18, 17, 16, 15, 14].map((d) => `2025-01-${d}`));
  for (const post of data.posts) {
    expect(post.slug).toMatch(/^[a-z0-9-]+$/);
    expect(post.title).toBeTruthy();
    expect(post.description).toBeTruthy();
  }
});

test("the Hindi page lists the same posts in Hindi", async () => {
  const english = (await callRoute<Blog>(loader, { path: "/blog" })).data;
  const hindi = (await callRoute<Blog>(loader, { path: "/hi/blog" })).data;
  expect(hindi.i18n).not.toBeNull();
  expect(hindi.posts.map((p) => p.slug)).toEqual(english.posts.map((p) => p.slug));
  expect(hindi.posts[0]!.title).toMatch(/[\u0900-\u097F]/);
});

test("the blog's pages name its RSS feed", () => {
  expect(links()).toEqual([expect.objectContaining({ rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml" })]);
});
