/**
 * A form's own fields (issue 21: any fields, with per-form required fields
 * and types). A form of the form service takes whatever fields a site sends,
 * like Formspree; its operator may name some of them with a type (`text`,
 * `email`, `number`) and say which are required. The rules are checked with
 * the service's field codes (REQUIRED_FIELD_MISSING, REQUIRED_FIELD_EMPTY,
 * TYPE_EMAIL, TYPE_NUMERIC, TYPE_TEXT).
 *
 * Written in the console one per line, `name type [required]`:
 *
 *     company text
 *     phone number required
 *
 * Shared by the console's page (the editor's check) and the server; no
 * server imports, no zod.
 */

export type FieldType = "text" | "email" | "number";

export interface FieldRule {
  name: string;
  type: FieldType;
  required: boolean;
}

export const FIELD_TYPES: readonly FieldType[] = ["text", "email", "number"];

/** A field's name as sites send it: letters, digits, `_ . -`, not starting with `_` (Formspree's own). */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;

export const MAX_RULES = 20;

/** What a new form asks for: the three fields the inbox shows first (the operator may change them). */
export const DEFAULT_RULES: readonly FieldRule[] = [
  { name: "name", type: "text", required: true },
  { name: "email", type: "email", required: true },
  { name: "message", type: "text", required: true },
];

/** The rules as the editor shows them, one per line. */
export function rulesText(rules: readonly FieldRule[]): string {
  return rules.map((r) => `${r.name} ${r.type}${r.required ? " required" : ""}`).join("\n");
}

export type RulesParse = { ok: true; rules: FieldRule[] } | { ok: false; message: string };

/** Reads the editor's text; the first problem is the message (which line and why). */
export function parseRulesText(text: string): RulesParse {
  const rules: FieldRule[] = [];
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_RULES) return { ok: false, message: `Fields: at most ${MAX_RULES} lines` };
  for (const line of lines) {
    const [name = "", type = "text", flag, ...rest] = line.split(/\s+/);
    const shown = line.slice(0, 60);
    if (!FIELD_NAME.test(name)) return { ok: false, message: `Fields: "${shown}": a name is letters, digits, _ . or -, starting with a letter` };
    if (!FIELD_TYPES.includes(type as FieldType)) return { ok: false, message: `Fields: "${shown}": the type is text, email or number` };
    if ((flag !== undefined && flag !== "required") || rest.length > 0)
      return { ok: false, message: `Fields: "${shown}": write name, type and, if it must be filled, required` };
    // Replies and the autoresponder go to `email`: it is an address whatever else a rule could say.
    if (name === "email" && type !== "email") return { ok: false, message: `Fields: "${shown}": email is always an address (type email)` };
    if (rules.some((r) => r.name === name)) return { ok: false, message: `Fields: "${name}" is named twice` };
    rules.push({ name, type: type as FieldType, required: flag === "required" });
  }
  return { ok: true, rules };
}

/** The stored JSON (form.field_rules); anything malformed reads as no rules. */
export function parseStoredRules(json: string): FieldRule[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is FieldRule =>
        typeof r === "object" &&
        r !== null &&
        FIELD_NAME.test(String((r as FieldRule).name)) &&
        FIELD_TYPES.includes((r as FieldRule).type) &&
        typeof (r as FieldRule).required === "boolean",
    );
  } catch {
    return [];
  }
}

/** A number as a person types one: optional sign, digits, an optional decimal part (no exponent, no thousands separators). */
export function isNumeric(value: string): boolean {
  return /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(value.trim());
}
