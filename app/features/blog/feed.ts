import { site } from "~/config/site";

export const BLOG_FEED_PATH = "/blog/rss.xml";

/** The `<link rel="alternate">` by which readers and browsers find the blog's feed (routes/blog.rss.ts). */
export const blogFeedLink = { rel: "alternate", type: "application/rss+xml", title: `${site.productName} Blog`, href: BLOG_FEED_PATH };
