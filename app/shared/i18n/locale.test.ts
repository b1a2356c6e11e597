import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { basePath, hasTwin, localeOfPath, localizedPath, TRANSLATED_PAGES } from "./locale";
import { fill } from "./messages";

describe("where each language lives", () => {
  it("tells a Hindi path by its /hi prefix only", () => {
    expect(localeOfPath("/hi")).toBe("hi");
    expect(localeOfPath("/hi/pricing")).toBe("hi");
    expect(localeOfPath("/hindi")).toBe("en");
    expect(localeOfPath("/history")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
  });

  it("maps a page to its twin and back, keeping query and hash", () => {
    expect(localizedPath("/", "hi")).toBe("/hi");
    expect(localizedPath("/pricing", "hi")).toBe("/hi/pricing");
    expect(localizedPath("/blog/attention-explained", "hi")).toBe("/hi/blog/attention-explained");
    expect(localizedPath("/pricing?billing=yearly#plans", "hi")).toBe("/hi/pricing?billing=yearly#plans");
    expect(localizedPath("/hi/pricing", "en")).toBe("/pricing");
    expect(localizedPath("/hi", "en")).toBe("/");
    expect(localizedPath("/hi/pricing", "hi")).toBe("/hi/pricing");
    expect(basePath("/hi/terms")).toBe("/terms");
  });

  it("leaves a page without a twin where it is (the console, the API, the feed)", () => {
    for (const path of ["/admin/messages", "/api/health", "/profile/download"]) expect(localizedPath(path, "hi")).toBe(path);
    expect(localizedPath("/auth?mode=signup", "hi")).toBe("/hi/auth?mode=signup");
    expect(hasTwin("/admin")).toBe(false);
    expect(hasTwin("/blog/rss.xml")).toBe(false);
    for (const page of TRANSLATED_PAGES) expect(hasTwin(page)).toBe(true);
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(fill("{n} मिनट में पढ़ें", { n: 4 })).toBe("4 मिनट में पढ़ें");
    expect(fill("{a} and {b}", { a: "x" })).toBe("x and {b}");
  });
});

describe("the route table", () => {
  it("has a Hindi twin for exactly the translated pages, each on the same module as its English page", () => {
    const entries = routes as { id?: string; path?: string; index?: boolean; file: string }[];
    const english = new Map(entries.filter((r) => !r.path?.startsWith("hi")).map((r) => [r.index ? "/" : `/${r.path ?? ""}`, r.file]));
    const twins = entries.filter((r) => r.path === "hi" || r.path?.startsWith("hi/"));
    const expected = [...TRANSLATED_PAGES, "/blog/:slug"];
    expect(twins.map((r) => (r.path === "hi" ? "/" : `/${r.path!.slice(3)}`)).sort()).toEqual([...expected].sort());
    for (const twin of twins) {
      const base = twin.path === "hi" ? "/" : `/${twin.path!.slice(3)}`;
      expect(twin.file, base).toBe(english.get(base));
    }
  });
});
