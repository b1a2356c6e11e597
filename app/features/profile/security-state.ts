import type { FieldErrors } from "~/shared/lib/field-errors";

/** What the security page's loader and actions hand to the browser (no tokens, no IP addresses, no secrets but a setup's own). */
export interface SignedInDevice {
  /** The session's id: names the device in a sign-out form; useless as a credential. */
  id: string;
  /** "Chrome on Windows" and the like, in the page's language. */
  device: string;
  /** The browser's and the system's own (product) names in `device` (none for an unknown device), never translated. */
  names: string[];
  signedInAt: string;
  /** Sessions end at a fixed time, however active (features/auth/session-lifetime.server.ts). */
  expiresAt: string;
  current: boolean;
}

/** A passkey as features/auth lists it (a type only: nothing of the server module reaches the browser). */
export type { ListedPasskey } from "~/features/auth/index.server";

export interface SignInMethodView {
  provider: "credential" | "google" | "github";
  name: string;
  accountId: string | null;
  connectedAt: string | null;
  /** Google or GitHub sign-in is configured on this server (else it cannot be connected). */
  available: boolean;
}

export interface TwoFactorView {
  enabled: boolean;
  /** A setup waiting for its first code (the secret exists). */
  pendingSetup: { totpUri: string; secret: string; qrDataUri: string } | null;
  backupCodesLeft: number;
  /** Browsers that ticked "Trust this device" and skip the code until `until` (features/auth/trusted-browsers.server.ts). */
  trustedBrowsers: Array<{ id: string; device: string; trustedAt: string; until: string; current: boolean }>;
}

export type SecurityIntent =
  | "change-password"
  | "set-password"
  | "sign-out-device"
  | "sign-out-others"
  | "reauthenticate"
  | "two-factor-enable"
  | "two-factor-confirm"
  | "two-factor-disable"
  | "two-factor-backup-codes"
  | "passkey-rename"
  | "passkey-delete"
  | "forget-browser"
  | "connect"
  | "disconnect";

export interface SecurityActionData {
  intent: SecurityIntent;
  ok: boolean;
  message: string;
  /** The field a refusal is about, for its error text and focus. */
  field?: "currentPassword" | "newPassword" | "confirmPassword" | "password" | "code" | "name";
  /** Several fields refused at once (security-fields.ts), each shown in its slot. */
  fieldErrors?: FieldErrors;
  /** The change needs a fresh proof first: the page shows "Confirm it's you". */
  reauth?: boolean;
  /** Shown once: the backup codes of a new setup, or new ones. */
  backupCodes?: string[];
  /** The passkey a rename or removal was about. */
  passkeyId?: string;
}
