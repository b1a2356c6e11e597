/** What the security page's loader and actions hand to the browser (no tokens, no IP addresses). */
export interface SignedInDevice {
  /** The session's id: names the device in a sign-out form; useless as a credential. */
  id: string;
  /** "Chrome on Windows" and the like. */
  device: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

export type SecurityIntent = "change-password" | "set-password" | "sign-out-device" | "sign-out-others";

export interface SecurityActionData {
  intent: SecurityIntent;
  ok: boolean;
  message: string;
  /** The field a refusal is about, for its error text and focus. */
  field?: "currentPassword" | "newPassword" | "confirmPassword";
}
