import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

// What cn replaced (docs/decisions/0005-initial-javascript-budget.md), as the site configured it.
const tailwindMerge = extendTailwindMerge({ extend: { classGroups: { shadow: [{ shadow: ["card", "lift"] }] } } });

/** Every word in a string literal of app/ (tests aside) that tailwind-merge takes for a Tailwind class. */
function classesInApp(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // Server modules draw nothing (their words are lists, queries and mails).
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
          for (const word of (m[1] ?? m[2]!).split(/\s+/)) {
            // Not the start of a template (`border-${tone}`).
            if (/^[!a-z0-9@*[-][\w\-:/.[\]%()#,=&>*@!'_]*$/.test(word) && !word.endsWith("-")) words.add(word);
          }
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, "../.."));
  // tailwind-merge removes a repeated class it knows and keeps one it does not.
  return [...words].filter((word) => tailwindMerge(`${word} ${word}`) === word);
}

describe("cn", () => {
  it("lets the caller's class win over the component's for the same property", () => {
    expect(cn("mx-auto w-full max-w-6xl px-4", "max-w-3xl")).toBe("mx-auto w-full px-4 max-w-3xl");
    expect(cn("px-4 py-2", "p-6")).toBe("p-6");
    expect(cn("p-6", "px-4")).toBe("p-6 px-4");
    expect(cn("size-5 shrink-0", "size-4")).toBe("shrink-0 size-4");
    expect(cn("text-sm text-ink-700", "text-lg")).toBe("text-ink-700 text-lg");
    expect(cn("shadow-card", "shadow-lift")).toBe("shadow-lift");
    expect(cn("hover:bg-ink-100", "bg-white", "sm:hover:bg-white")).toBe("hover:bg-ink-100 bg-white sm:hover:bg-white");
    expect(cn("text-ink-600", false, null, "text-ink-950")).toBe("text-ink-950");
    expect(cn("h-11 px-5 text-sm", "w-full")).toBe("h-11 px-5 text-sm w-full");
    expect(cn("a", false, null, undefined, "b")).toBe("a b");
  });

  it("answers as tailwind-merge did for every pair of classes the site uses", () => {
    const classes = classesInApp();
    expect(classes.length).toBeGreaterThan(400);
    const differences: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const want = tailwindMerge(`${a} ${b}`);
        const got = cn(a, b);
        if (got !== want) differences.push(`cn("${a}", "${b}"): "${got}", tailwind-merge: "${want}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Every pair: half a million merges, ~7 s alone, three times that beside the browser lane.
  }, 60_000);
});
