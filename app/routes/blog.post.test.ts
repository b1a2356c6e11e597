/** /blog/:slug (and /hi/blog/:slug): one post with its neighbours; an unknown slug is a 404. */
import { expect, test } from "vitest";
import { postSummaries } from "~/features/blog/posts.server";
import { callRoute } from "../../tests/routes/route-kit";
import { loader, meta } from "./blog.post";

type Post = {
  i18n: unknown;
  post: { slug: string; title: string; description: string; date: string; html: string };
  previous?: { slug: string };
  next?: { slug: string };
};

const slugs = postSummaries().map((p) => p.slug);

test("every listed post has its page: its article (more than one section) and the posts before and after it", async () => {
  for (const [i, slug] of slugs.entries()) {
    const answer = await callRoute<Post>(loader, { path: `/blog/${slug}`, params: { slug } });
    expect(answer.status, slug).toBe(200);
    expect(answer.data.post.slug).toBe(slug);
    expect(answer.data.post.html.match(/<h2/g)?.length ?? 0).toBeGreaterThan(1);
    expect(answer.data.previous?.slug).toBe(slugs[i + 1]);
    expect(answer.data.next?.slug).toBe(slugs[i - 1]);
  }
});

test("an unknown post is a 404, in either language", async () => {
  for (const path of ["/blog/no-such-post", "/hi/blog/no-such-post"]) {
    const answer = await callRoute(loader, { path, params: { slug: "no-such-post" } });
    expect(answer.status, path).toBe(404);
    expect(answer.thrown).toBe(true);
  }
});

test("the Hindi page is the post in Hindi", async () => {
  const slug = slugs[0]!;
  const answer = await callRoute<Post>(loader, { path: `/hi/blog/${slug}`, params: { slug } });
  expect(answer.data.i18n).not.toBeNull();
  expect(answer.data.post.title).toMatch(/[\u0900-\u097F]/);
});

test("a post is shared as an article, under its own title and canonical address", async () => {
  const slug = slugs[0]!;
  const { data } = await callRoute<Post>(loader, { path: `/blog/${slug}`, params: { slug } });
  const tags = meta({
    matches: [
      { id: "root", loaderData: { origin: "http://localhost:3000" } },
      { id: "routes/blog.post", pathname: `/blog/${slug}` },
    ],
    loaderData: data,
  } as never);
  expect(tags).toEqual(
    expect.arrayContaining([
      { title: `${data.post.title} | Tuesday AI` },
      { property: "og:type", content: "article" },
      { tagName: "link", rel: "canonical", href: `http://localhost:3000/blog/${slug}` },
    ]),
  );
});
