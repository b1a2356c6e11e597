/**
 * English words of the "mail" area (see ../messages.ts): every mail the
 * product sends to a person, in the language of that person
 * (each feature's mails.ts, over app/infra/mail/layout.ts). Mails to the
 * company's own staff stay English and keep their words beside them. Never
 * reaches a browser.
 */
import { site } from "~/config/site";

const product = site.productName;

export const mail = {
  /** The words every mail's frame shows. */
  layout: {
    /** {link}: the action's address in short, as a link. */
    buttonFallback: "Button not working? Open {link}, or copy this address into your browser:",
    unsubscribe: "Unsubscribe",
    /** {link}: the word above, as a link. */
    unsubscribeHtml: "Do not want these mails? {link}.",
    unsubscribeText: "Do not want these mails? {link}: {url}",
    signOff: `— ${site.productName}, ${site.companyName}`,
  },
  greeting: "Hi {name},",
  verification: {
    subject: `Verify your email for ${product}`,
    preheader: "One click and your account is ready.",
    heading: "Verify your email address",
    welcome: `Welcome to ${product}! Please confirm that this is your email address. Opened in the browser you signed up in, the button signs you in; anywhere else it confirms the address and asks you to choose your password.`,
    action: "Verify email address",
    footnote: "This link works once and expires in one hour. If you did not create an account, you can ignore this email.",
  },
  passwordReset: {
    subject: `Reset your ${product} password`,
    preheader: "A link to choose a new password.",
    heading: "Reset your password",
    request: "We received a request to reset your password. Choose a new one with the button below; it signs you out everywhere else.",
    action: "Choose a new password",
    footnote: "This link works once and expires in one hour. If you did not ask for it, ignore this email: your password stays as it is.",
  },
  existingAccount: {
    subject: `You already have a ${product} account`,
    preheader: "Someone tried to sign up with your address.",
    heading: "You already have an account",
    tried: `Someone (hopefully you) tried to create a ${product} account with this email address. You already have one, so nothing was changed.`,
    resetPrompt: "Forgot your password?",
    /** The second button, under its question. */
    resetAction: "Reset my password",
    action: "Sign in",
    footnote: "If this was not you, you can ignore this email.",
  },
  deleteAccount: {
    subject: `Confirm deleting your ${product} account`,
    preheader: "Confirm that you want your account deleted.",
    heading: "Confirm account deletion",
    asked: "You asked us to delete your account. Once you confirm, your account, sessions, profile and messages are deleted and cannot be recovered.",
    action: "Delete my account",
    footnote: "This link expires in one hour. If you did not ask for this, ignore this email and your account stays as it is.",
  },
  /** " from Chrome on Android": where a change came from, when a browser made it ({device} as given). */
  fromDevice: " from {device}",
  /** What every security notice says around its one sentence of what happened. */
  securityNotice: {
    /** {what}: the notice's sentence; {when}: the time in UTC and IST; {where}: fromDevice or nothing. */
    line: "{what} on {when}{where}.",
    ifNotYou:
      "If this was you, there is nothing to do. If it was not, review your account security now: change your password and sign out the devices you do not know.",
    action: "Review account security",
    footnote: "You get this email for every change to how your account signs in, so that nobody can change it without you knowing.",
  },
  newSignIn: {
    subject: `New sign-in to your ${product} account`,
    heading: "A new device signed in",
    what: `Your ${product} account was signed in to from a device it had not used before`,
  },
  twoFactorOn: {
    subject: `Two-factor authentication is on for ${product}`,
    heading: "Two-factor authentication is on",
    what: "Two-factor authentication was turned on for your account",
  },
  twoFactorOff: {
    subject: `Two-factor authentication was turned off for ${product}`,
    heading: "Two-factor authentication is off",
    what: "Two-factor authentication was turned off for your account",
  },
  passkeyAdded: {
    subject: `A passkey was added to your ${product} account`,
    heading: "A passkey was added",
    what: 'The passkey "{passkey}" was added to your account',
  },
  passkeyRemoved: {
    subject: `A passkey was removed from your ${product} account`,
    heading: "A passkey was removed",
    what: 'The passkey "{passkey}" was removed from your account',
  },
  /** {provider}: "Google", "GitHub". */
  connected: {
    subject: `{provider} was connected to your ${product} account`,
    heading: "{provider} is connected",
    what: "{provider} sign-in was connected to your account",
  },
  disconnected: {
    subject: `{provider} was disconnected from your ${product} account`,
    heading: "{provider} is disconnected",
    what: "{provider} sign-in was disconnected from your account",
  },
  /**
   * 100 wrong codes in a row paused the code step (ADR 0049, 0050): someone got past the first step.
   * {count}: the wrong codes; {until}: when codes work again.
   */
  codesPaused: {
    subject: `Someone is trying to sign in to your ${product} account`,
    preheader: "Someone got past your password, then entered many wrong codes.",
    heading: "Sign-in codes are paused",
    tried: `Someone got past the first step of signing in to your ${product} account (your password, or a Google or GitHub account connected to it), then entered {count} wrong two-factor codes, the last on {when}{where}. To keep them out, your account takes no codes until {until}.`,
    ifNotYou:
      "If this was not you, someone else has your password or a connected account: choose a new password now with the button below (it also lets codes in again at once), and check the connected accounts on your security page.",
    action: "Reset my password",
    securityPrompt: "Signed in with Google or GitHub?",
    securityAction: "Review account security",
    footnote: "You get this email once each time codes are paused.",
  },
  passwordChanged: {
    subject: `Your ${product} password was changed`,
    preheader: "Your password was just changed.",
    heading: "Your password was changed",
    changed: `The password of your ${product} account was changed on {when}{where}. Every other device was signed out.`,
    ifNotYou: "If this was not you, choose a new password at once with the button below.",
    action: "Reset my password",
    footnote: "You get this email for every password change, so that nobody can change yours without you knowing.",
  },
  accountDeleted: {
    subject: `Your ${product} account was deleted`,
    preheader: "Your account and its data are deleted.",
    heading: "Your account was deleted",
    deleted: `Your ${product} account was deleted on {when}{where}, with its sessions, profile and messages.`,
    ifNotYou: `If you did not do this, reply to ${site.contactEmail} and we will look into it.`,
  },
  emailVerified: {
    subject: `Your email is verified for ${product}`,
    preheader: "Your account is ready.",
    heading: "Your email is verified",
    ready: `Your email address is verified and your ${product} account is ready.`,
    action: "Sign in",
    footnote: "If you did not create this account, reply to this email and we will remove it.",
  },
  formAutoreply: {
    footnote: `You receive this because this address was given in a form on the ${product} website. If that was not you, ignore this mail.`,
  },
  operatorReply: {
    greeting: "Hello {name},",
    /** Above the quoted message; {when}: the time in UTC and IST. */
    youWrote: "On {when} you wrote:",
    headingFeedback: `${product} replied to your feedback`,
    headingMessage: `${product} replied to your message`,
    subjectFeedback: `Re: your feedback to ${product}`,
    subjectMessage: `Re: your message to ${product}`,
    footnote: "Reply to this email to write back.",
  },
  waitlistConfirm: {
    subject: `Confirm your place on the ${product} waitlist`,
    preheader: "One click and we will tell you at launch.",
    heading: "Confirm your place on the waitlist",
    /** {interest}: a plan's or product's name, in the mail's language ("Student plan"). */
    askedFor: `Someone, hopefully you, asked to hear from ${product} when the {interest} launches. Please confirm that this is your address.`,
    askedForAnything: `Someone, hopefully you, asked to hear from ${product} when it launches. Please confirm that this is your address.`,
    onlyLaunch: "We will write only about the launch, and you can leave the list at any time.",
    action: "Confirm my place",
    footnote: "The link works for 7 days. If you did not ask for this, ignore this mail: without a click you will not hear from us again.",
  },
};
