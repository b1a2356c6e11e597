/** "21 January 2025" ("21 जनवरी 2025" in Hindi) for an ISO date, independent of the server's time zone. */
export function formatPostDate(iso: string, locale: "en" | "hi" = "en"): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale === "hi" ? "hi-IN" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The sharing image of a post (made by `npm run images`, like the site's). */
export function postImagePath(slug: string): string {
  return `/og/blog/${slug}.jpg`;
}
