/**
 * The address a request to Better Auth names, as the account rules compare
 * it (trimmed, lower case): one reading for the limits, the verification
 * flow and the sign-up race, so that none of them counts another address.
 */
import type { HookContext } from "./known-device.server";

export function normalizeEmail(value: unknown): string | undefined {
  return typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : undefined;
}

/** The address in the request's body, if it names one. */
export function bodyAddress(ctx: HookContext): string | undefined {
  return normalizeEmail((ctx.body as Record<string, unknown> | undefined)?.email);
}
