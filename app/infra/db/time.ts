/** Database timestamps come back as Date (PostgreSQL) or ISO text (SQLite). */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
