/**
 * What is stored of an account's two-factor, read back: its state for the
 * security page, and the authenticator of its stored secret (the setup's QR
 * code, re-authentication by code). Better Auth's plugin writes both
 * (two-factor.server.ts configures it).
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { type AuthSecretKey, decryptBackupCodes } from "./backup-codes.server";
import { TOTP_OPTIONS } from "./two-factor.server";

/** What the security page shows about two-factor: on, a setup waiting for its first code, and backup codes left. */
export interface TwoFactorState {
  enabled: boolean;
  /** Set up (a secret exists) but not yet confirmed with a code. */
  pendingSetup: boolean;
  backupCodesLeft: number;
}

/** `secret`: Better Auth's `secretConfig`, which encrypted the backup codes. */
export async function twoFactorState(db: Kysely<Database>, userId: string, secret: AuthSecretKey): Promise<TwoFactorState> {
  const row = await db
    .selectFrom("user")
    .leftJoin("twoFactor", "twoFactor.userId", "user.id")
    .select(["user.twoFactorEnabled", "twoFactor.verified", "twoFactor.id as factorId", "twoFactor.backupCodes"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  const enabled = Boolean(row?.twoFactorEnabled);
  const backupCodesLeft = enabled ? (await decryptBackupCodes(row?.backupCodes, secret)).length : 0;
  return { enabled, pendingSetup: !enabled && Boolean(row?.factorId) && !row?.verified, backupCodesLeft };
}

const BASE32_PREFIX = "base32:";

/**
 * The authenticator of a stored (encrypted) TOTP secret, as Better Auth's
 * plugin computes it: the same library (`@better-auth/utils/otp`) and the same
 * key. The plugin's `decryptTOTPSecret` (better-auth, plugins/two-factor/totp)
 * uses a secret it made itself as its UTF-8 bytes, and one imported as
 * `base32:<key>` as the bytes the Base32 decodes to (upper-cased first); so
 * here. Its `url()` is the otpauth URI the plugin gives for the same secret,
 * and its `verify()` accepts what the plugin accepts (one step either side).
 * `key`: Better Auth's `secretConfig`, which encrypted the secret.
 */
export async function storedAuthenticator(key: AuthSecretKey, encryptedSecret: string) {
  const secret = await symmetricDecrypt({ key, data: encryptedSecret });
  const bytes = secret.startsWith(BASE32_PREFIX) ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase()) : secret;
  return createOTP(bytes, TOTP_OPTIONS);
}
