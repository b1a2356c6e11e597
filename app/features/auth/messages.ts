/** The spec's auth messages (sections 2, 4, 5 and 8), exactly. */
export const AUTH_MESSAGES = {
  checkEmail: "Please check your email to verify your account before signing in.",
  verifyFirst: "Please verify your email before signing in.",
  invalidCredentials: "Invalid email or password",
  socialFailed: (provider: string) => `Failed to sign in with ${provider}`,
  resendFailed: "Failed to resend verification email",
  resetFailed: "Failed to send password reset email",
  unexpected: "An unexpected error occurred.",
  signedOut: "Signed out successfully",
  signOutFailed: "Error signing out",
  resetSent: "If an account exists for that address, a password reset link is on its way. Check your inbox.",
  verified: "Your email is verified. Sign in to continue.",
  linkUsed: "This verification link has already been used. If your email is verified, sign in; otherwise sign in to request a new link.",
  linkExpired: "This link has expired. Sign in to request a new verification email.",
  linkInvalid: "This link is not valid. Sign in to request a new verification email.",
  notConfigured: (provider: string) => `${provider} sign-in is not configured on this server.`,
  passwordReset: "Your password has been changed. Sign in with your new password.",
  deleteSignIn: "Sign in first, then open the link in the email again to finish deleting your account.",
  signInDisabled: "This account cannot sign in at the moment. Contact us if you think this is a mistake.",
} as const;

/** The two-factor step after a password, Google or GitHub (/auth/two-factor). */
export const TWO_FACTOR_MESSAGES = {
  title: "Two-factor authentication",
  enterCode: "Enter the 6-digit code from your authenticator app.",
  enterBackupCode: "Enter one of the backup codes you saved when you turned on two-factor authentication. Each works once.",
  codeRequired: "Enter the code from your authenticator app.",
  backupCodeRequired: "Enter a backup code.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongBackupCode: "That backup code is not right, or it was used already.",
  codeReused: "That code was already used. Wait for the next one in your authenticator app.",
  tooManyAttempts: "Too many wrong codes. Sign in again to get a new chance.",
  locked: "Too many wrong codes for this account. Wait 15 minutes, then sign in again.",
  expired: "Your sign-in timed out. Sign in again.",
} as const;

export const LINK_INVALID = "This password reset link is not valid or has expired. Request a new one.";

export type ProviderId = "google" | "github";
export const PROVIDER_NAMES: Record<ProviderId, string> = { google: "Google", github: "GitHub" };

/** The banner for an `?error=` or `?verified=` that Better Auth or our gateway put in a redirect. */
export function noticeFromQuery(params: URLSearchParams): { tone: "error" | "success"; text: string } | null {
  if (params.get("verified") === "1" && !params.get("error")) return { tone: "success", text: AUTH_MESSAGES.verified };
  const error = params.get("error");
  if (!error) return null;
  switch (error.toUpperCase()) {
    case "LINK_USED":
      return { tone: "error", text: AUTH_MESSAGES.linkUsed };
    case "TOKEN_EXPIRED":
      return { tone: "error", text: AUTH_MESSAGES.linkExpired };
    case "INVALID_TOKEN":
    case "USER_NOT_FOUND":
      return { tone: "error", text: AUTH_MESSAGES.linkInvalid };
    case "DELETE_SIGN_IN":
      return { tone: "error", text: AUTH_MESSAGES.deleteSignIn };
    case "TWO_FACTOR_EXPIRED":
      return { tone: "error", text: TWO_FACTOR_MESSAGES.expired };
    default: {
      const provider = params.get("provider");
      if (provider === "google" || provider === "github") return { tone: "error", text: AUTH_MESSAGES.socialFailed(PROVIDER_NAMES[provider]) };
      return { tone: "error", text: AUTH_MESSAGES.unexpected };
    }
  }
}
