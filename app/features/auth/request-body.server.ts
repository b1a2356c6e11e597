/** Reads a request body (JSON, urlencoded or multipart) into a plain record, without consuming the original. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.clone().json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.clone().formData();
      const out: Record<string, unknown> = {};
      for (const [key, value] of form) if (typeof value === "string") out[key] = value;
      return out;
    }
  } catch {
    // A malformed body has no fields; the handler behind reports it.
  }
  return {};
}

export function normalizeEmail(value: unknown): string | undefined {
  return typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : undefined;
}
