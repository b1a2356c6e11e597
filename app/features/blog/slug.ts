/**
 * A post's address from its file's name: `posts/2026-11-20-why-hindi.md`
 * (or `posts/hi/…`) is `/blog/why-hindi`. The one place the rule lives: the
 * posts module, the prerendered paths and the sharing-card script use it.
 */
export function slugOfPostFile(file: string): string {
  const name = file.split("/").pop()!;
  return name.replace(/\.md$/, "").replace(/^\d{4}-\d{2}-\d{2}-/, "");
}
