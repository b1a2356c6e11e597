import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogPostPaths } from "~/prerender";
import { postImagePath } from "./format";
import { allPosts, neighbours, parseFrontMatter, postSummaries } from "./posts.server";
import { slugOfPostFile } from "./slug";

describe("the blog", () => {
  it("has eight posts dated 14 to 21 January 2025, newest first", () => {
    expect(postSummaries().map((p) => p.date)).toEqual([
      "2025-01-21",
      "2025-01-20",
      "2025-01-19",
      "2025-01-18",
      "2025-01-17",
      "2025-01-16",
      "2025-01-15",
      "2025-01-14",
    ]);
  });

  it("renders every post to HTML with headings, and prerenders a page for each", () => {
    for (const post of allPosts()) {
      expect(post.html).toContain("<h2");
      expect(post.html).not.toContain("<script");
      expect(post.description.length).toBeGreaterThan(60);
    }
    expect(blogPostPaths()).toEqual(
      allPosts()
        .map((p) => `/blog/${p.slug}`)
        .sort(),
    );
  });

  it("has a Hindi twin of every post: same slug, date and headings, in Devanagari, code blocks untouched", () => {
    const english = allPosts();
    const hindi = allPosts("hi");
    expect(hindi.map((p) => [p.slug, p.date])).toEqual(english.map((p) => [p.slug, p.date]));
    for (const [i, post] of hindi.entries()) {
      const twin = english[i]!;
      expect(post.title, post.slug).toMatch(/[\u0900-\u097F]/);
      expect(post.author, post.slug).toMatch(/^[\u0900-\u097F\s]+$/);
      expect(post.html.match(/<h[23]/g)?.length, post.slug).toBe(twin.html.match(/<h[23]/g)?.length);
      expect(
        [...post.html.matchAll(/<pre[\s\S]*?<\/pre>/g)].map((m) => m[0]),
        post.slug,
      ).toEqual([...twin.html.matchAll(/<pre[\s\S]*?<\/pre>/g)].map((m) => m[0]));
    }
  });

  it("reads quoted and bare front-matter values", () => {
    const { data, body } = parseFrontMatter('---\ntitle: "A: b"\nreadingMinutes: 5\n---\nHello');
    expect(data).toEqual({ title: "A: b", readingMinutes: "5" });
    expect(body).toBe("Hello");
  });
});

describe("each post's page", () => {
  it("has a sharing image of its own (npm run images) and links to its neighbours in time", () => {
    const posts = postSummaries();
    for (const post of posts) {
      const file = path.join(import.meta.dirname, "../../../public", postImagePath(post.slug));
      expect(existsSync(file), `${file}: run npm run images`).toBe(true);
    }
    const newest = posts[0]!;
    const oldest = posts[posts.length - 1]!;
    expect(neighbours(newest.slug)).toEqual({ previous: posts[1], next: undefined });
    expect(neighbours(oldest.slug)).toEqual({ previous: undefined, next: posts[posts.length - 2] });
  });

  it("lets the keyboard reach a code block that scrolls", () => {
    const withCode = allPosts().filter((p) => p.html.includes("<pre"));
    expect(withCode.length).toBeGreaterThan(0);
    for (const post of withCode) expect(post.html).not.toMatch(/<pre>/);
  });
});

describe("reading time", () => {
  it("is counted from the words, not written by hand (every post said 4 minutes)", async () => {
    const { allPosts, readingMinutes } = await import("./posts.server");
    expect(readingMinutes("word ".repeat(199))).toBe(1);
    expect(readingMinutes("word ".repeat(1001))).toBe(6);
    expect(readingMinutes("[a link](https://example.com/a/very/long/path/that/is/not/read)")).toBe(1);
    // Our posts are 770 to 850 words: 4 or 5 minutes, as their text says, not one number for all.
    expect(new Set(allPosts().map((p) => p.readingMinutes))).toEqual(new Set([4, 5]));
  });
});

describe("slugOfPostFile", () => {
  it("a post's address is its file's name without the date and the extension, in either language", () => {
    expect(slugOfPostFile("./posts/2026-11-20-why-hindi.md")).toBe("why-hindi");
    expect(slugOfPostFile("/app/features/blog/posts/hi/2026-11-20-why-hindi.md")).toBe("why-hindi");
    expect(slugOfPostFile("2026-01-02-2026-plans.md")).toBe("2026-plans");
  });
});
