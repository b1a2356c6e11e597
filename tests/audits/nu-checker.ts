/**
 * The W3C Nu HTML checker (vnu-jar from npm, on the installed Java), for the
 * specs that validate HTML: one run of the checker over many pages.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

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
export async function nuErrors(pages: Map<string, string>): Promise<string[]> {
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
