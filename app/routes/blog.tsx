import { Link } from "react-router";
import { blogFeedLink } from "~/features/blog/feed";
import { formatPostDate } from "~/features/blog/format";
import { postSummaries } from "~/features/blog/posts.server";
import { pageMeta } from "~/shared/lib/seo";
import { Icon } from "~/shared/ui/icon";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/blog";
import { blog } from "~/shared/i18n/catalog/blog";
import { localeOfRequest } from "~/shared/i18n/locale";
import { fill, messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { useLocale, useLocalize } from "~/shared/i18n/use-locale";
import { pageMessages } from "~/shared/i18n/messages.server";

/** The blog's feed, for readers and browsers that discover it. */
export const links: Route.LinksFunction = () => [blogFeedLink];

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "blog", blog);
  return pageMeta(matches, { title: t.title, path: "/blog", description: t.description });
};

export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(localeOfRequest(request), "blog"), posts: postSummaries(localeOfRequest(request)) };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useMessages("blog", blog);
  const locale = useLocale();
  const localize = useLocalize();
  return (
    <>
      <PageHeader eyebrow={t.eyebrow} title={t.title} intro={t.intro} />
      <section aria-label={t.posts} className="py-16 sm:py-20">
        <Container className="max-w-4xl">
          <ol className="space-y-6">
            {loaderData.posts.map((post) => (
              <li key={post.slug}>
                <article className="group relative rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 transition-shadow hover:shadow-lift sm:p-8">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600">
                    <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time>
                    <span aria-hidden="true">·</span>
                    <span>{post.author}</span>
                    <span aria-hidden="true">·</span>
                    <span>{fill(t.minutesRead, { n: post.readingMinutes })}</span>
                  </p>
                  <h2 className="mt-3 text-2xl font-bold group-hover:text-brand-800">
                    <Link to={localize(`/blog/${post.slug}`)} className="after:absolute after:inset-0 after:rounded-3xl">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-3 leading-relaxed text-ink-600">{post.description}</p>
                  <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700" aria-hidden="true">
                    {t.readPost} <Icon name="arrow-right" className="size-4" />
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
