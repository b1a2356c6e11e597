/**
 * The beacon's allow-list of route patterns is the site's list of pages: a
 * page added to app/routes.ts without being added to TRACKED_ROUTES (or the
 * other way round) fails here.
 */
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { routePatternOf } from "./client-context";
import { TRACKED_ROUTES } from "./metrics";

interface Entry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

/** Every page (a .tsx route module) with its full pattern, as the browser reporter computes it. */
function pages(entries: readonly Entry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.file.endsWith(".tsx") ? [{ pattern: path === "" ? "/" : path, file: entry.file }] : [];
    return [...own, ...pages(entry.children ?? [], path)];
  });
}

describe("TRACKED_ROUTES", () => {
  const all = pages(routes as Entry[]);
  // The operators' console is not measured (docs/decisions/0016-analytics.md).
  const site = all.filter((p) => !p.pattern.startsWith("/admin"));

  it("is exactly the site's pages (the operators' console aside)", () => {
    expect([...new Set(site.map((p) => p.pattern))].sort()).toEqual([...TRACKED_ROUTES].sort());
  });

  it("names routes the way the browser reporter derives them from React Router's manifest", () => {
    const manifest = {
      root: { path: "" },
      "routes/blog.post": { path: "blog/:slug", parentId: "root" },
      "home-index": { parentId: "root", index: true },
      "routes/not-found": { path: "*", parentId: "root" },
      "routes/admin": { path: "admin", parentId: "root" },
      "routes/admin.messages": { path: "messages", parentId: "routes/admin" },
    };
    expect(routePatternOf("routes/blog.post", manifest)).toBe("/blog/:slug");
    expect(routePatternOf("home-index", manifest)).toBe("/");
    expect(routePatternOf("routes/not-found", manifest)).toBe("/*");
    expect(routePatternOf("routes/admin.messages", manifest)).toBe("/admin/messages");
    expect(routePatternOf("unknown", manifest)).toBeNull();
    expect(routePatternOf("routes/blog.post", {})).toBeNull();
  });
});
