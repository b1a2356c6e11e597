/**
 * "The column contains this text", case-insensitive, the same on SQLite and
 * PostgreSQL: `lower(column) like '%text%' escape '\'`, with the searcher's
 * own `%` and `_` taken literally. No index serves it: it reads every row
 * its other conditions leave (fine for operator searches; see ADR 0017).
 */
import { type Expression, type SqlBool, sql } from "kysely";

export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
