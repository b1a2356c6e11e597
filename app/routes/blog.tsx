import { Link } from "react-router";
import { blogFeedLink } from "~/features/blog/feed";
import { formatPostDate } from "~/features/blog/format";
import { postSummaries } from "~/features/blog/posts.server";
import { pageMeta } from "~/shared/lib/seo";
import { Icon } from "~/shared/ui/icon";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/blog";
import { site } from "~/config/site";

const DESCRIPTION = `Engineering notes from the ${site.productName} team on how AI systems are built, trained, served and kept safe.`;

/** The blog's feed, for readers and browsers that discover it. */
export const links: Route.LinksFunction = () => [blogFeedLink];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Blog", path: "/blog", description: DESCRIPTION });

export function loader() {
  return { posts: postSummaries() };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Blog" title="Blog" intro="The engineering behind AI, explained plainly: eight posts from the team, one a day." />
      <section aria-label="Posts" className="py-16 sm:py-20">
        <Container className="max-w-4xl">
          <ol className="space-y-6">
            {loaderData.posts.map((post) => (
              <li key={post.slug}>
                <article className="group relative rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 transition-shadow hover:shadow-lift sm:p-8">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600">
                    <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                    <span aria-hidden="true">·</span>
                    <span>{post.author}</span>
                    <span aria-hidden="true">·</span>
                    <span>{post.readingMinutes} min read</span>
                  </p>
                  <h2 className="mt-3 text-2xl font-bold group-hover:text-brand-800">
                    <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:rounded-3xl">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-3 leading-relaxed text-ink-600">{post.description}</p>
                  <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700" aria-hidden="true">
                    Read the post <Icon name="arrow-right" className="size-4" />
                  </p>
                </article>
              </li>
            ))}
          </ol>
        </Container>
      </section>
    </>
  );
}
