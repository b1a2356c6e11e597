/**
 * A value a client sent, as text, or "" when it is not text.
 *
 * `String(value)` on client JSON is a crash waiting for a fuzzer: an object
 * such as `{"toString":"x"}` throws "Cannot convert object to primitive
 * value", and that became a 500 (CI, `/two-factor/verify-totp`). Numbers are
 * kept (a code typed into a JSON client as 123456); everything else is empty.
 */
export function clientText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}
