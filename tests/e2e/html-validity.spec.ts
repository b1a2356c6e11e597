/**
 * The W3C Nu HTML checker (vnu-jar from npm, run on the installed Java) on
 * every public page, the auth views, a blog post, the not-found page and the
 * signed-in pages: the HTML the server sends (what a crawler and an assistive
 * technology read before any script runs), checked in one run of the checker.
 * 0 errors (issue 22); warnings are allowed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createVerifiedUser, expect, PAGES, signInViaUi, test, uniqueEmail } from "./fixtures";

const run = promisify(execFile);
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once over `pages` (name → HTML) and returns its errors, each with the page's name. */
async function nuErrors(pages: Map<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "nu-"));
  try {
    const files = [...pages].map(([name, html], i) => {
      const file = path.join(dir, `${String(i).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      return file;
    });
    // The checker exits 1 when it found errors; its JSON report is on stderr either way.
    const { stderr } = await run("java", ["-Xss4m", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files], { maxBuffer: 32 * 1024 * 1024 });
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => `${path.basename(decodeURIComponent(m.url))}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ""}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the W3C Nu checker finds no error on any page, signed out and signed in", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "sqlite", "one database is enough: the HTML is the same");
  test.setTimeout(180_000);
  const pages = new Map<string, string>();
  const fetchHtml = async (url: string) => {
    const res = await request.get(url);
    expect(res.status(), url).toBeLessThan(500);
    return res.text();
  };
  const blogPost = /href="(\/blog\/[a-z0-9-]+)"/.exec(await fetchHtml("/blog"))?.[1];
  expect(blogPost).toBeTruthy();
  for (const url of [...PAGES.map((p) => p.path), "/auth?mode=signup", "/auth?mode=reset", "/auth/reset-password?token=gone", blogPost!, "/no-such-page", "/hi", "/hi/pricing", "/hi/cookie-policy", `/hi${blogPost!}`, "/hi/no-such-page"]) {
    pages.set(url, await fetchHtml(url));
  }

  // Signed in: the same browser's cookies, the server's HTML of each page.
  const user = await createVerifiedUser(request, uniqueEmail(testInfo, "nu"));
  await signInViaUi(page, user.email);
  for (const url of ["/home", "/profile", "/profile?edit=1", "/profile?delete=1", "/profile/security"]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    pages.set(`signed-in ${url}`, await res.text());
  }

  const errors = await nuErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);
});
