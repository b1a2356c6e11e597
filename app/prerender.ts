import { readdirSync } from "node:fs";
import path from "node:path";
import { PRERENDERED_PATHS } from "./config/pages";
import { hasTwin, localizedPath } from "./shared/i18n/locale";
import { slugOfPostFile } from "./features/blog/slug";

/**
 * The pages rendered to static HTML at build time: everything whose content
 * does not depend on who is asking (`prerendered` in config/pages.ts).
 * Signed-in visitors still get these pages server-rendered, so that their
 * header shows their name.
 */
export const staticPagePaths: readonly string[] = PRERENDERED_PATHS;

/** One page per blog post: app/features/blog/posts/YYYY-MM-DD-slug.md → /blog/slug. */
export function blogPostPaths(root = process.cwd()): string[] {
  return readdirSync(path.join(root, "app/features/blog/posts"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `/blog/${slugOfPostFile(f)}`)
    .sort();
}

/** The Hindi twins of the prerendered pages that have one (docs/decisions/0032-hindi.md). */
export function hindiPagePaths(root = process.cwd()): string[] {
  return [...staticPagePaths, ...blogPostPaths(root)].filter(hasTwin).map((p) => localizedPath(p, "hi"));
}

export async function prerenderedPaths(): Promise<string[]> {
  return [...staticPagePaths, ...blogPostPaths(), ...hindiPagePaths(), "/sitemap.xml", "/robots.txt", "/blog/rss.xml", "/.well-known/security.txt"];
}
