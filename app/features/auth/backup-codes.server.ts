/**
 * Backup codes as a person copies them onto paper and types them back.
 *
 * Better Auth's own codes mix upper and lower case with every digit
 * ("aB3dE-f9Hk1"): I, l and 1, O and 0 look alike on paper, and a code typed
 * in the wrong case was refused. Ours are lowercase from an alphabet without
 * the look-alikes, in three groups of four ("k7m2-x9qp-4hrt", 31^12, about
 * 59 bits: what Better Auth's gave), and a typed code is matched regardless
 * of case, spaces and dashes, so codes made before this change still work as
 * they were printed, or in either case (ADR 0052).
 */
import { randomInt } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";

/** No 0/o, 1/i/l: nothing that reads as something else. */
export const BACKUP_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const BACKUP_CODE_COUNT = 10;
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** One set of codes for Better Auth's `customBackupCodesGenerate`. */
export function generateBackupCodes(): string[] {
  const group = () => Array.from({ length: GROUP_LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join("");
  return Array.from({ length: BACKUP_CODE_COUNT }, () => Array.from({ length: GROUPS }, group).join("-"));
}

/**
 * What identifies a code: its letters and digits, in lower case. NFKC first:
 * a phone keyboard in a Japanese or Chinese mode types fullwidth letters.
 */
function canonical(code: string): string {
  return code
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** The stored code `typed` stands for, as stored (Better Auth compares exactly), if any; the exact one first. */
export function storedFormOf(typed: string, stored: readonly string[]): string | undefined {
  if (stored.includes(typed)) return typed;
  const wanted = canonical(typed);
  return wanted ? stored.find((code) => canonical(code) === wanted) : undefined;
}

/**
 * The account's unused backup codes, decrypted as Better Auth stores them
 * (`storeBackupCodes: "encrypted"` with its `secretConfig`); none if there are
 * none or they cannot be read.
 */
export async function storedBackupCodes(db: Kysely<Database>, userId: string, secret: AuthSecretKey): Promise<string[]> {
  const row = await db.selectFrom("twoFactor").select("backupCodes").where("userId", "=", userId).executeTakeFirst();
  return decryptBackupCodes(row?.backupCodes, secret);
}

/** Better Auth's `secretConfig`: it encrypts the backup codes and the authenticator's secret alike. */
export type AuthSecretKey = Parameters<typeof symmetricDecrypt>[0]["key"];

/** A `twoFactor.backupCodes` value as the list it holds (none if it cannot be read). */
export async function decryptBackupCodes(data: string | null | undefined, secret: AuthSecretKey): Promise<string[]> {
  if (!data) return [];
  try {
    const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secret, data }));
    return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === "string") : [];
  } catch {
    return [];
  }
}
