/**
 * English words of the "auth" area (see ../messages.ts): sign in, sign up,
 * reset, verification, the two-factor step, passkey sign-in, and the answers
 * of the account rules. The spec's messages (sections 2, 4, 5 and 8) exactly.
 */
import { site } from "~/config/site";
import { NAME_MAX_LENGTH } from "~/shared/lib/person-name";

/** The longest password anyone may choose (Better Auth refuses longer ones too). */
export const PASSWORD_MAX_LENGTH = 128;

export const auth = {
  /** The account forms' field slots (auth-fields.ts), also the security page's password fields. */
  fields: {
    emailMissing: "Enter your email address.",
    emailInvalid: "Enter an email address like name@example.com.",
    passwordMissing: "Enter your password.",
    newPasswordMissing: "Choose a password.",
    tooShort: "Use at least {min} characters for your new password.",
    tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters for your new password.`,
    mismatch: "The two passwords do not match.",
    codeMissing: "Enter the 6-digit code from your authenticator app.",
    nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  },
  /** Outcomes of the account forms (banners). */
  messages: {
    checkEmail: "Please check your email to verify your account before signing in.",
    verifyFirst: "Please verify your email before signing in.",
    invalidCredentials: "Invalid email or password",
    socialFailed: "Failed to sign in with {provider}",
    resendFailed: "Failed to resend verification email",
    resetFailed: "Failed to send password reset email",
    unexpected: "An unexpected error occurred.",
    signedOut: "Signed out successfully",
    signOutFailed: "Error signing out",
    resetSent: "If an account exists for that address, a password reset link is on its way. Check your inbox.",
    verified: "Your email is verified. Sign in to continue.",
    verifiedChoosePassword:
      "Your email is verified. The link was opened in another browser than the one you signed up in, so for your security choose your password now: we'll email you a link.",
    linkUsed: "This verification link has already been used. If your email is verified, sign in; otherwise sign in to request a new link.",
    linkExpired: "This link has expired. Sign in to request a new verification email.",
    linkInvalid: "This link is not valid. Sign in to request a new verification email.",
    notConfigured: "{provider} sign-in is not configured on this server.",
    passwordReset: "Your password has been changed. Sign in with your new password.",
    deleteSignIn: "Sign in first, then open the link in the email again to finish deleting your account.",
    linkNeedsTwoFactor:
      "Your account uses two-factor authentication. Sign in the way you usually do and enter your code, then connect {provider} on your security page.",
    signInDisabled: "This account cannot sign in at the moment. Contact us if you think this is a mistake.",
    resetLinkInvalid: "This password reset link is not valid or has expired. Request a new one.",
    unknownAction: "Unknown action.",
    tooManyAttempts: "Too many attempts. Please wait {wait} and try again.",
    seconds: "{n} seconds",
    minutes: "{n} minutes",
    hours: "{n} hours",
  },
  /** The password policy's refusals (password-policy.server.ts), by code. */
  password: {
    common: "This is one of the most common passwords, the first an attacker tries. Choose another.",
    brand: `Choose a password that is not made of our name (${site.productName}).`,
    breached: "This password has appeared in a data breach, so attackers have it. Choose another.",
    invalidEmail: "Enter an email address like name@example.com.",
  },
  /** "Resend Verification Email" (spec section 5), exactly. */
  resend: {
    noUser: "No user is currently signed in",
    alreadyVerified: "Email is already verified",
    maxAttempts: "Maximum verification attempts reached. Please contact support.",
    wait: "Please wait {minutes} minutes before requesting another verification email.",
    sent: "Verification email sent! Please check your inbox.",
    failed: "Failed to resend verification email",
    button: "Resend Verification Email",
    buttonWaiting: "Resend Verification Email ({clock})",
    sending: "Sending...",
    moreOne: "You can ask for 1 more email.",
    moreMany: "You can ask for {n} more emails.",
  },
  /** The /auth page's views. */
  views: {
    titles: { signin: "Sign in", signup: "Create your account", reset: "Reset your password", verify: "Check your email" },
    description: `Sign in to ${site.productName} or create a free account with your email, Google or GitHub.`,
    headings: {
      signin: { title: "Welcome Back", subtitle: `Sign in to continue to ${site.productName}.` },
      signup: { title: "Create your account", subtitle: "Free to start. No coding experience required." },
      reset: { title: "Reset your password", subtitle: "We will email you a link to choose a new one." },
      verify: { title: "Check your email", subtitle: "One step left: verify your address." },
    },
    submit: { signin: "Sign In", signup: "Create Account", reset: "Send Reset Link" },
    loading: "Loading...",
    nameLabel: "Name (optional)",
    nameHint: "How we greet you. Left empty, the start of your email address.",
    emailLabel: "Email",
    emailPlaceholder: "you@example.com",
    passwordLabel: "Password",
    passwordHint: "At least {min} characters, not a common or leaked password.",
    remember: "Remember this device",
    forgot: "Forgot Password?",
    termsBefore: "By creating an account you agree to the",
    terms: "Terms",
    and: "and",
    privacy: "Privacy Policy",
    termsAfter: ".",
    backToSignIn: "Back to Sign In",
    or: "or",
    passkey: "Sign in with a passkey",
    passkeyWaiting: "Waiting for your passkey...",
    noAccount: "Don't have an account?",
    createOne: "Create one",
    haveAccount: "Already have an account?",
    signInLink: "Sign in",
    continueWith: "Continue with {provider}",
    notConfiguredHere: "Not configured on this server",
    sentTo:
      "We sent a verification link to {email}. Open it to activate your account: it signs you in. The link works once and for an hour. Opened it in this browser? This page moves on by itself (or reload it).",
  },
  /** Where the emailed reset link lands (/auth/reset-password). */
  reset: {
    title: "Choose a new password",
    description: `Choose a new password for your ${site.productName} account.`,
    subtitle: "Changing it signs you out on every other device.",
    newPassword: "New password",
    repeat: "Repeat the new password",
    submit: "Set new password",
    requestNew: "Request a new link",
    /** The page of a used or expired link: its title and heading say so (not "Choose a new password" above no fields). */
    deadTitle: "This reset link no longer works",
    deadSubtitle: "Each link works once, and for an hour.",
  },
  /** The two-factor step after a password, Google or GitHub (/auth/two-factor). */
  twoFactor: {
    title: "Two-factor authentication",
    description: `The second step of signing in to ${site.productName}.`,
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
    signInAgain: "Sign in again",
    backupLabel: "Backup code",
    codeLabel: "Authentication code",
    trust: "Trust this device for 30 days",
    checking: "Checking...",
    verify: "Verify",
    useApp: "Use your authenticator app instead",
    lostPhone: "Lost your phone?",
    useBackup: "Use a backup code",
  },
  /** Passkeys in the browser (passkey-client.ts) and the server's refusals, by code. */
  passkey: {
    cancelled: "The passkey prompt was closed. Nothing changed.",
    unsupported: "This browser cannot use passkeys. Use your password instead, or another browser.",
    alreadyAdded: "This passkey is already added to your account.",
    startAddFailed: "Could not start adding a passkey. Please try again.",
    addFailed: "The passkey could not be added. Please try again.",
    startSignInFailed: "Could not start signing in with a passkey. Please try again.",
    checkFailed: "The passkey could not be checked. Please try again.",
    unknown: "That passkey is not registered here. Sign in another way and add it on your security page.",
    expired: "That took too long. Please try again.",
    unverified: "Verify your email address first. We sent you a link when you signed up.",
    notFound: "That passkey no longer exists.",
    nameRequired: 'Give the passkey a name you will recognise, like "My phone".',
  },
  /** Where Google and GitHub sign-in hands over (/auth/complete). */
  complete: {
    signingIn: "Signing you in…",
  },
  /** A sign-out that failed (/auth/sign-out without JavaScript). */
  signOut: {
    tryAgain: "Try again",
  },
};
