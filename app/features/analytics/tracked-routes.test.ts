/**
 * The beacon's allow-list of route patterns is the site's list of pages: a
 * page added to app/routes.ts without being added to TRACKED_ROUTES (or the
 * other way round) fails here.
 */
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { routePattern } from "./client-context";
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

  it("names routes as the page derives them from its match (path and params)", () => {
    expect(routePattern("/blog/hello-world", { slug: "hello-world" })).toBe("/blog/:slug");
    expect(routePattern("/hi/blog/%E0%A4%95", { slug: "क" })).toBe("/hi/blog/:slug");
    expect(routePattern("/", {})).toBe("/");
    expect(routePattern("/pricing", {})).toBe("/pricing");
    expect(routePattern("/no/such/page", { "*": "no/such/page" })).toBe("/*");
    expect(routePattern("/admin/messages", {})).toBe("/admin/messages");
    // The reliability fuzzer's path: the router's splat is not the end of the path as sent.
    expect(routePattern("//%5Cevil.example/hi/home", { "*": "\\evil.example/hi/home/x" })).toBe("/*");
    expect(routePattern("/%E0%A4%95/x", { "*": "क/x" })).toBe("/*");
    for (const pattern of TRACKED_ROUTES) {
      const params = pattern.includes(":slug") ? { slug: "a-post" } : pattern.endsWith("*") ? { "*": "nowhere" } : {};
      const path = pattern.replace(":slug", "a-post").replace("*", "nowhere");
      expect(routePattern(path, params), pattern).toBe(pattern);
    }
  });
});
