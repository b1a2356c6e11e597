/**
 * What an answer must never show a client: a stack trace, a source path, an
 * exception's own text, SQL, a database's error message. The contract:
 * errors are `{ "success": false, "message": "…" }`, never a stack trace.
 *
 * Each rule names what it found so that a failure explains itself.
 */
export interface LeakRule {
  name: string;
  pattern: RegExp;
}

export const LEAK_RULES: LeakRule[] = [
  // "    at fn (/path/file.js:12:3)", "at async Promise.all (index 0)", "at node:internal/…"
  { name: "stack frame", pattern: /(?:^|\n|\\n)\s*at (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:\/|file:|node:|[A-Za-z]:\\|<anonymous>|index \d)/ },
  { name: "stack frame (indented 'at ')", pattern: /(?:^|\n|\\n) {4}at \S/ },
  { name: "error with stack", pattern: /\b[A-Z]\w*(?:Error|Exception): [^\n]*(?:\n|\\n)\s+at / },
  {
    name: "exception class name",
    pattern:
      /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|EvalError|URIError|AggregateError|SqliteError|DatabaseError|ZodError|APIError|BetterAuthError|AbortError): /,
  },
  { name: "node_modules path", pattern: /node_modules[/\\]/ },
  { name: "source file position", pattern: /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx):\d+(?::\d+)?\b/ },
  { name: "TypeScript source name", pattern: /\b[\w-]+\.tsx?:/ },
  { name: "absolute server path", pattern: /(?:\/work\/|\/home\/|\/root\/|\/usr\/lib\/node|file:\/\/\/)/ },
  { name: "Node.js internals", pattern: /\bnode:internal\b|\bprocessTicksAndRejections\b|\bERR_[A-Z_]{4,}\b/ },
  { name: "errno code", pattern: /\b(?:ECONNREFUSED|ECONNRESET|EADDRINUSE|ENOENT|EACCES|EPIPE|ETIMEDOUT|SQLITE_[A-Z_]+)\b/ },
  {
    name: "SQL statement",
    pattern:
      /\b(?:SELECT\s+(?:\*|"|\w+\.|DISTINCT\b)[^\n]{0,200}?\sFROM\s|INSERT\s+INTO\s|UPDATE\s+"?\w+"?\s+SET\s|DELETE\s+FROM\s|CREATE\s+(?:TABLE|INDEX)\s|ALTER\s+TABLE\s)/,
  },
  // Kysely's own spelling: lower case, identifiers always quoted (and the quotes escaped inside JSON).
  {
    name: "SQL statement (quoted identifiers)",
    pattern:
      /\bselect\s+(?:distinct\s+)?(?:\\?"\w+\\?"|\*)[^\n]{0,300}?\sfrom\s+\\?"\w+|\binsert into \\?"\w+|\bupdate \\?"\w+\\?" set\b|\bdelete from \\?"\w+/i,
  },
  {
    name: "database error text",
    pattern:
      /invalid byte sequence for encoding|syntax error at or near|violates (?:not-null|unique|foreign key|check) constraint|duplicate key value|relation \\?"[^"\\]*\\?" does not exist|column \\?"[^"\\]*\\?" (?:of relation|does not exist)|unterminated quoted|no such (?:table|column)|database is locked|UNIQUE constraint failed|NOT NULL constraint failed|FOREIGN KEY constraint failed|could not serialize access|deadlock detected|too many clients|Connection terminated/i,
  },
];

export interface Leak {
  rule: string;
  excerpt: string;
}

function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The first internal detail found in `text`, or null. A match that merely
 * echoes what the request itself carried (`echoOf`: the request as text; e.g.
 * a 404 page that repeats an unknown path holding "SELECT … FROM") is not a leak.
 */
export function findLeak(text: string, echoOf = ""): Leak | null {
  const echoed = echoOf ? [echoOf, decodeLoosely(echoOf)] : [];
  for (const rule of LEAK_RULES) {
    const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.includes("g") ? rule.pattern.flags : `${rule.pattern.flags}g`);
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (m[0].length === 0) pattern.lastIndex++;
      const core = m[0].trim();
      if (core && echoed.some((e) => e.includes(core))) continue;
      const from = Math.max(0, m.index - 80);
      return { rule: rule.name, excerpt: text.slice(from, m.index + m[0].length + 120) };
    }
  }
  return null;
}
