/**
 * The latest feedback and contact messages as a table, or as CSV (pure,
 * tested): what `npm run messages` prints. Its arguments are the script's
 * (scripts/lib/messages-args.ts); scripts/messages.ts opens the database and
 * writes the output.
 */
import { toIso } from "~/infra/db/time";
import { extraFields, type StoredMessage } from "./message-store.server";

// ---- the table ----

/** One line, at most `max` characters (an ellipsis marks the cut). */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}

function displayTime(value: StoredMessage["created_at"]): string {
  const iso = toIso(value);
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "";
}

const width = (s: string) => [...s].length;
const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - width(s)));

export function formatTable(rows: StoredMessage[], total: number): string {
  if (rows.length === 0) return "No messages yet.\n";
  // The status says what the console's folders do: a message caught as spam is listed, and marked so.
  const header = ["time", "kind", "status", "name", "email", "message", "notified"];
  const body = rows.map((r) => [
    displayTime(r.created_at),
    r.kind,
    r.status,
    oneLine(r.name, 24),
    oneLine(r.email, 32),
    oneLine(r.message, 60),
    r.notified_at ? "yes" : r.notify_attempts > 0 ? `no (${r.notify_attempts} failed)` : "no",
  ]);
  const widths = header.map((h, i) => Math.max(width(h), ...body.map((cells) => width(cells[i]!))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : pad(c, widths[i]!)))
      .join("  ")
      .trimEnd();
  const out = [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)];
  out.push("", rows.length < total ? `${rows.length} of ${total} messages (newest first).` : `${total} message${total === 1 ? "" : "s"}.`);
  return `${out.join("\n")}\n`;
}

// ---- CSV (RFC 4180) ----

/** One shape for every export of messages: `npm run messages -- --csv` and the console's. */
export const CSV_COLUMNS = [
  "id",
  "created_at",
  "kind",
  "name",
  "email",
  "message",
  "user_id",
  "notified_at",
  "notify_attempts",
  "notify_error",
  "status",
  "handled_at",
  "handled_by",
  // Last, so the columns before keep their places: a custom form's other fields (JSON), why a message is spam.
  "fields",
  "spam_reason",
] as const;

/**
 * What starts a formula in a spreadsheet: = + - @, and tab or carriage return
 * (which spreadsheets skip before looking for one).
 */
const TRIGGER = "[=+\\-@\\t\\r]";
/** A trigger at the cell's start (after spaces or quotes, which an import may strip). */
const FORMULA_AT_START = new RegExp(`^[ "]*${TRIGGER}`);
/**
 * A trigger right after a list separator: `,`, `;` (the list separator of most
 * European and Latin American locales), `|` or tab, or after a line break. A
 * spreadsheet that splits the text on that separator, whatever the quotes say,
 * would start a cell of its own there: `Sam;=1+2` is `Sam` and the formula
 * `=1+2` in German Excel; an import that reads line by line starts a row with
 * what follows a message's line break.
 */
const AFTER_SEPARATOR = `(?<=[,;|\\t\\r\\n][ "]*)(?=${TRIGGER})`;
const FORMULA_AFTER_SEPARATOR = new RegExp(AFTER_SEPARATOR);
const EVERY_FORMULA_AFTER_SEPARATOR = new RegExp(AFTER_SEPARATOR, "g");

/**
 * One CSV field (RFC 4180), always quoted, its quotes doubled.
 *
 * Text that could become a formula is neutralised with apostrophes, the
 * spreadsheets' own "this is text" mark: one before the whole cell, and one
 * before every trigger that follows a separator, so that each piece the text
 * could be split into starts with an apostrophe too. `Sam;=1+2` is exported
 * as `'Sam;'=1+2`: still readable as what was sent (an operator sees the
 * marks, nothing is removed or escaped away), and no locale's split of it
 * starts a formula. Text without a trigger in those places is unchanged.
 * Numbers are ours (counts), never neutralised.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && (FORMULA_AT_START.test(text) || FORMULA_AFTER_SEPARATOR.test(text))) {
    text = `'${text.replace(EVERY_FORMULA_AFTER_SEPARATOR, "'")}`;
  }
  return `"${text.replace(/"/g, '""')}"`;
}

/** A message's values in CSV_COLUMNS order. */
function csvValues(r: StoredMessage): Array<string | number | null> {
  return [
    r.id,
    toIso(r.created_at) ?? "",
    r.kind,
    r.name,
    r.email,
    r.message,
    r.user_id,
    toIso(r.notified_at) ?? "",
    r.notify_attempts,
    r.notify_error,
    r.status,
    toIso(r.handled_at) ?? "",
    r.handled_by,
    otherFields(r),
    r.spam_reason,
  ];
}

/** The sender's fields besides name, email and message, as one JSON object; "" when there are none. */
function otherFields(r: StoredMessage): string {
  const fields = extraFields(r);
  return Object.keys(fields).length > 0 ? JSON.stringify(fields) : "";
}

/** The header line and one line per message (CRLF-terminated): what both exports write. */
export const CSV_HEADER = `${CSV_COLUMNS.map(csvField).join(",")}\r\n`;
export const csvRow = (r: StoredMessage) => `${csvValues(r).map(csvField).join(",")}\r\n`;

export function toCsv(rows: StoredMessage[]): string {
  return CSV_HEADER + rows.map(csvRow).join("");
}
