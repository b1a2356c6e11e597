/** Readable renderings of raw requests and answers, for failure messages and artifacts. */
import { encodeHead, type RawRequest } from "./raw-http.ts";

/** Escapes control characters and folds long runs ("x" × 9000) so a request fits a terminal. */
export function printable(text: string, max = 1500): string {
  let out = text
    .replace(/(.)\1{39,}/gsu, (run, ch: string) => `${ch.repeat(8)}…(${JSON.stringify(ch)}×${[...run].length})…`)
    .replace(/\r\n/g, "⏎\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0080-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(/\r/g, "\\r");
  if (out.length > max) out = `${out.slice(0, max)}…(${out.length - max} more characters)`;
  return out;
}

export function renderRequest(req: RawRequest, maxBody = 600): string {
  const head = printable(encodeHead(req).toString("utf8"), 2500);
  const body = req.body;
  if (!body || body.length === 0) return head;
  return `${head}${printable(body.toString("utf8"), maxBody)}\n(body: ${body.length} bytes on the wire)`;
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    out[k] = (out[k] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true })));
}

export function table(rows: Array<Record<string, string | number>>): string {
  if (rows.length === 0) return "(none)";
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i]!)).join("  ");
  return [line(cols), line(width.map((w) => "-".repeat(w))), ...rows.map((r) => line(cols.map((c) => String(r[c] ?? ""))))].join("\n");
}
