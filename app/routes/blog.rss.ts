import { site } from "~/config/site";
import { BLOG_FEED_PATH } from "~/features/blog/feed";
import { postSummaries } from "~/features/blog/posts.server";
import { escapeMarkup as escape } from "~/shared/lib/escape-markup";
import { publicOrigin } from "~/shared/lib/seo.server";

/** RFC 822 dates, as RSS 2.0 wants them: posts are dated by day, published at 09:00 IST (03:30 UTC). */
function rfc822(day: string): string {
  return new Date(`${day}T03:30:00Z`).toUTCString();
}

/** /blog/rss.xml: every post, newest first (RSS 2.0); rendered at build with the other static pages. */
export function loader() {
  const origin = publicOrigin();
  const posts = postSummaries();
  const items = posts
    .map(
      (post) => `    <item>
      <title>${escape(post.title)}</title>
      <link>${origin}/blog/${post.slug}</link>
      <guid isPermaLink="true">${origin}/blog/${post.slug}</guid>
      <description>${escape(post.description)}</description>
      <author>${escape(site.contactEmail)} (${escape(post.author)})</author>
      <pubDate>${rfc822(post.date)}</pubDate>
    </item>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escape(`${site.productName} Blog`)}</title>
    <link>${origin}/blog</link>
    <description>${escape(`Notes from the ${site.companyName} team on how AI works and how we build ${site.productName}.`)}</description>
    <language>en-in</language>
    <atom:link href="${origin}${BLOG_FEED_PATH}" rel="self" type="application/rss+xml"/>
    <lastBuildDate>${posts[0] ? rfc822(posts[0].date) : new Date(0).toUTCString()}</lastBuildDate>
${items}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
