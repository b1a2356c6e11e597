import { blogFeedLink } from "~/features/blog/feed";
import { data, Link } from "react-router";
import { formatPostDate, postImagePath } from "~/features/blog/format";
import { findPost, neighbours } from "~/features/blog/posts.server";
import { cn } from "~/shared/lib/cn";
import { pageMeta } from "~/shared/lib/seo";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { blog } from "~/shared/i18n/catalog/blog";
import { localeOfRequest } from "~/shared/i18n/locale";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocale, useLocalize } from "~/shared/i18n/use-locale";
import type { Route } from "./+types/blog.post";
import { pageMessages } from "~/shared/i18n/messages.server";

/** The blog's feed, for readers and browsers that discover it. */
export const links: Route.LinksFunction = () => [blogFeedLink];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, {
        title: loaderData.post.title,
        path: `/blog/${loaderData.post.slug}`,
        description: loaderData.post.description,
        type: "article",
        publishedTime: loaderData.post.date,
        image: postImagePath(loaderData.post.slug),
      })
    : [];

export function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const post = findPost(params.slug, locale);
  if (!post) throw data(null, { status: 404 });
  return { i18n: pageMessages(locale, "blog"), post, ...neighbours(post.slug, locale) };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, previous, next } = loaderData;
  const t = useMessages("blog", blog);
  const locale = useLocale();
  const localize = useLocalize();
  return (
    <article className="py-12 sm:py-16">
      <Container className="max-w-[40rem]">
        <Link to={localize("/blog")} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
          <Icon name="arrow-right" className="size-4 rotate-180" />
          {t.allPosts}
        </Link>
        <header className="mt-6 border-b border-ink-200 pb-8">
          <h1 className="text-3xl font-extrabold sm:text-5xl sm:leading-tight">{post.title}</h1>
          <p className="mt-4 text-lg text-ink-600">{post.description}</p>
          <p className="mt-6 flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-600">
            <span className="font-semibold text-ink-800">{post.author}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time>
            <span aria-hidden="true">·</span>
            <span>{fill(t.minutesRead, { n: post.readingMinutes })}</span>
          </p>
        </header>
        {/* Our own Markdown, rendered at build time on the server. */}
        <div className="prose mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />
        {(previous || next) && (
          <nav aria-label={t.morePosts} className="mt-14 grid gap-4 border-t border-ink-200 pt-8 sm:grid-cols-2">
            {previous && <NeighbourLink post={previous} direction="prev" />}
            {next && <NeighbourLink post={next} direction="next" />}
          </nav>
        )}
      </Container>
    </article>
  );
}

/** "Previous post" / "Next post" under an article: the neighbour's title, an arrow toward it. */
function NeighbourLink({ post, direction }: { post: { slug: string; title: string }; direction: "prev" | "next" }) {
  const next = direction === "next";
  const t = useMessages("blog", blog);
  const localize = useLocalize();
  return (
    <Link
      to={localize(`/blog/${post.slug}`)}
      rel={direction}
      className={cn(
        "group rounded-2xl border border-ink-200 p-5 transition-colors hover:border-brand-300 hover:bg-brand-50/50",
        next && "text-right sm:col-start-2",
      )}
    >
      <span className={cn("flex items-center gap-1.5 text-sm font-semibold text-brand-700", next && "justify-end")}>
        {!next && <Icon name="arrow-right" className="size-4 rotate-180" />}
        {next ? t.nextPost : t.previousPost}
        {next && <Icon name="arrow-right" className="size-4" />}
      </span>
      <span className="mt-2 block font-semibold text-balance text-ink-900 group-hover:text-brand-800">{post.title}</span>
    </Link>
  );
}
