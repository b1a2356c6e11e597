/**
 * The blog: Markdown files with front matter in ./posts, named
 * YYYY-MM-DD-slug.md. Bundled at build time (import.meta.glob) and rendered
 * to HTML on the server only; the browser receives HTML, not a Markdown parser.
 */
import { marked } from "marked";
import { site } from "~/config/site";
import type { Locale } from "~/shared/i18n/locale";
import { slugOfPostFile } from "./slug";

export interface PostMeta {
  slug: string;
  title: string;
  date: string;
  description: string;
  author: string;
  readingMinutes: number;
}

export interface Post extends PostMeta {
  html: string;
}

/** English posts, and their Hindi twins under ./posts/hi/ with the same file names (docs/decisions/0032-hindi.md). */
const files: Record<Locale, Record<string, string>> = {
  en: import.meta.glob("./posts/*.md", { query: "?raw", import: "default", eager: true }),
  hi: import.meta.glob("./posts/hi/*.md", { query: "?raw", import: "default", eager: true }),
};

/** Parses the simple `key: value` front matter our posts use. */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error("post has no front matter");
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (!kv) continue;
    let value = kv[2]!.trim();
    if (value.startsWith('"') && value.endsWith('"')) value = JSON.parse(value) as string;
    data[kv[1]!] = value;
  }
  return { data, body: match[2]! };
}

/**
 * Posts name the brand through placeholders ({{productName}}, {{companyName}},
 * {{productFamily}}) so that a rebrand edits site.ts only.
 */
export function fillBrand(text: string): string {
  return text
    .replaceAll("{{productName}}", site.productName)
    .replaceAll("{{companyName}}", site.companyName)
    .replaceAll("{{productFamily}}", site.productFamily);
}

/** Words a reader gets through in a minute of technical prose. */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a post's Markdown: its words (code blocks included, link targets not), at least one. */
export function readingMinutes(markdown: string): number {
  const text = markdown.replace(/\]\([^)]*\)/g, "]").replace(/[#>*_`|-]+/g, " ");
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

function load(locale: Locale): Post[] {
  return Object.entries(files[locale])
    .map(([file, raw]) => {
      const source = fillBrand(raw);
      const slug = slugOfPostFile(file);
      const { data, body } = parseFrontMatter(source);
      for (const key of ["title", "date", "description", "author"]) {
        if (!data[key]) throw new Error(`${file}: front matter lacks ${key}`);
      }
      return {
        slug,
        title: data.title!,
        date: data.date!,
        description: data.description!,
        author: data.author!,
        readingMinutes: readingMinutes(body),
        // A code block that scrolls sideways must be reachable by keyboard to be scrolled.
        html: marked.parse(body, { async: false, gfm: true }).replaceAll("<pre>", '<pre tabindex="0">'),
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}

const cache: Partial<Record<Locale, Post[]>> = {};

export function allPosts(locale: Locale = "en"): Post[] {
  cache[locale] ??= load(locale);
  return cache[locale];
}

export function postSummaries(locale: Locale = "en"): PostMeta[] {
  return allPosts(locale).map(({ html: _html, ...meta }) => meta);
}

export function findPost(slug: string, locale: Locale = "en"): Post | undefined {
  return allPosts(locale).find((p) => p.slug === slug);
}

/** The posts before and after this one in time (the blog lists newest first). */
export function neighbours(slug: string, locale: Locale = "en"): { previous?: PostMeta; next?: PostMeta } {
  const posts = postSummaries(locale);
  const at = posts.findIndex((p) => p.slug === slug);
  if (at === -1) return {};
  return { previous: posts[at + 1], next: at > 0 ? posts[at - 1] : undefined };
}

/** A post's part under one `##` heading (the part before the first heading has the post's title), as plain text. */
export interface PostSection {
  heading: string;
  text: string;
}

/** Markdown to the words a reader sees: code blocks, link targets and markup dropped. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#{3,6}\s+(.*)$/gm, "$1.")
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
    .replace(/^>\s?/gm, "")
    .replace(/[*_`|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A post's sections, for Ask Tuesday's index: the Hindi twin has the same `##`
 * headings in the same order, so section i of one is section i of the other.
 */
export function postSections(slug: string, locale: Locale = "en"): PostSection[] {
  const file = Object.keys(files[locale]).find((name) => slugOfPostFile(name) === slug);
  if (!file) return [];
  const { data, body } = parseFrontMatter(fillBrand(files[locale][file]!));
  const parts = body.split(/^## +/m);
  const sections: PostSection[] = [{ heading: data.title ?? slug, text: plainText(parts[0]!) }];
  for (const part of parts.slice(1)) {
    const newline = part.indexOf("\n");
    const heading = (newline === -1 ? part : part.slice(0, newline)).trim();
    sections.push({ heading, text: plainText(newline === -1 ? "" : part.slice(newline + 1)) });
  }
  return sections;
}
