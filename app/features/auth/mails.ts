/**
 * The account's mails (Better Auth's flows and the security notices), in the
 * reader's language: each takes the locale last (English by default), and its
 * words come from the "mail" catalog (app/shared/i18n/catalog/mail.ts, Hindi in
 * ../hi/mail.ts). The layout is infra/mail/layout.ts. Every link points at APP_URL.
 */
import { type Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { layout, type RenderedMail, whenUtc, wordsOf } from "~/infra/mail/layout";

/** The catalog's words of a mail of the usual shape: a greeting, what happened, one button, a footnote. */
interface ActionWords {
  subject: string;
  preheader: string;
  heading: string;
  action: string;
  footnote: string;
}

/** "Hello {name}", one paragraph, the button to `url` (and a second way on, where there is one). */
function actionMail(
  t: ActionWords,
  body: string,
  name: string,
  url: string,
  locale: Locale,
  second?: { prompt: string; label: string; url: string },
): RenderedMail {
  const greeting = fill(wordsOf(locale).greeting, { name });
  return {
    subject: t.subject,
    ...layout(
      { preheader: t.preheader, heading: t.heading, paragraphs: [greeting, body], action: { label: t.action, url }, second, footnote: t.footnote },
      locale,
    ),
  };
}

export function verificationMail(name: string, url: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).verification;
  return actionMail(t, t.welcome, name, url, locale);
}

export function passwordResetMail(name: string, url: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).passwordReset;
  return actionMail(t, t.request, name, url, locale);
}

/** Someone signed up with an address that has an account: sign in, or reset the password by the second link. */
export function existingAccountMail(name: string, signInUrl: string, resetUrl: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).existingAccount;
  return actionMail(t, t.tried, name, signInUrl, locale, { prompt: t.resetPrompt, label: t.resetAction, url: resetUrl });
}

export function deleteAccountMail(name: string, url: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).deleteAccount;
  return actionMail(t, t.asked, name, url, locale);
}

/** " from Chrome on Android" in the mail's language, or nothing when no browser is known. */
function fromDevice(device: string | undefined, locale: Locale): string {
  return device ? fill(wordsOf(locale).fromDevice, { device }) : "";
}

/** What every security notice says: what changed, when, from which device, and where to look. */
interface SecurityNotice {
  subject: string;
  heading: string;
  /** One sentence: what happened ("Two-factor authentication was turned on"). */
  what: string;
  at: Date;
  /** "Chrome on Android", when the change came from a browser. */
  device?: string;
  securityUrl: string;
}

function securityNoticeMail(name: string, notice: SecurityNotice, locale: Locale): RenderedMail {
  const w = wordsOf(locale);
  const t = w.securityNotice;
  return {
    subject: notice.subject,
    ...layout(
      {
        preheader: notice.what,
        heading: notice.heading,
        paragraphs: [
          fill(w.greeting, { name }),
          fill(t.line, { what: notice.what, when: whenUtc(notice.at, locale), where: fromDevice(notice.device, locale) }),
          t.ifNotYou,
        ],
        action: { label: t.action, url: notice.securityUrl },
        footnote: t.footnote,
      },
      locale,
    ),
  };
}

/** A sign-in from a browser this account had not used before (features/auth/sign-in-events.server.ts). */
export function newSignInMail(name: string, device: string, at: Date, securityUrl: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).newSignIn;
  return securityNoticeMail(name, { subject: t.subject, heading: t.heading, what: t.what, at, device, securityUrl }, locale);
}

export function twoFactorChangedMail(
  name: string,
  on: boolean,
  at: Date,
  device: string | undefined,
  securityUrl: string,
  locale: Locale = "en",
): RenderedMail {
  const w = wordsOf(locale);
  const t = on ? w.twoFactorOn : w.twoFactorOff;
  return securityNoticeMail(name, { subject: t.subject, heading: t.heading, what: t.what, at, device, securityUrl }, locale);
}

export function passkeyChangedMail(
  name: string,
  added: boolean,
  passkeyName: string,
  at: Date,
  device: string | undefined,
  securityUrl: string,
  locale: Locale = "en",
): RenderedMail {
  const w = wordsOf(locale);
  const t = added ? w.passkeyAdded : w.passkeyRemoved;
  return securityNoticeMail(name, { subject: t.subject, heading: t.heading, what: fill(t.what, { passkey: passkeyName }), at, device, securityUrl }, locale);
}

export function connectionChangedMail(
  name: string,
  provider: string,
  connected: boolean,
  at: Date,
  device: string | undefined,
  securityUrl: string,
  locale: Locale = "en",
): RenderedMail {
  const w = wordsOf(locale);
  const t = connected ? w.connected : w.disconnected;
  return securityNoticeMail(
    name,
    { subject: fill(t.subject, { provider }), heading: fill(t.heading, { provider }), what: fill(t.what, { provider }), at, device, securityUrl },
    locale,
  );
}

/** The words of a notice that says what happened to the account, when and from where, in one sentence of its own. */
interface AccountEventWords {
  subject: string;
  preheader: string;
  heading: string;
  ifNotYou: string;
}

/** A notice whose one sentence (`happened`, with {when} and {where}) is the mail's own: greeting, that sentence, "if not you". */
function accountEventMail(
  name: string,
  t: AccountEventWords,
  happened: string,
  event: { at: Date; device?: string },
  locale: Locale,
  more: { action?: { label: string; url: string }; second?: { prompt: string; label: string; url: string }; footnote?: string } = {},
): RenderedMail {
  const w = wordsOf(locale);
  const sentence = fill(happened, { when: whenUtc(event.at, locale), where: fromDevice(event.device, locale) });
  return {
    subject: t.subject,
    ...layout({ preheader: t.preheader, heading: t.heading, paragraphs: [fill(w.greeting, { name }), sentence, t.ifNotYou], ...more }, locale),
  };
}

/**
 * Security notice: a sign-in got past its first step and ran out the wrong codes in a row (ADR 0049,
 * 0050), so someone else has the password or a connected account. The button is the remedy, a new
 * password (which also clears the count); the second, the security page and its connected accounts.
 */
export function codesPausedMail(
  name: string,
  wrongCodes: number,
  at: Date,
  until: Date,
  links: { reset: string; security: string },
  device?: string,
  locale: Locale = "en",
): RenderedMail {
  const t = wordsOf(locale).codesPaused;
  const tried = fill(t.tried, { count: wrongCodes, until: whenUtc(until, locale) });
  return accountEventMail(name, t, tried, { at, device }, locale, {
    action: { label: t.action, url: links.reset },
    second: { prompt: t.securityPrompt, label: t.securityAction, url: links.security },
    footnote: t.footnote,
  });
}

/** Security notice: the password changed (from the security page, or through a reset link). */
export function passwordChangedMail(name: string, at: Date, resetUrl: string, device?: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).passwordChanged;
  return accountEventMail(name, t, t.changed, { at, device }, locale, { action: { label: t.action, url: resetUrl }, footnote: t.footnote });
}

/**
 * Security notice: the account is gone, when and (when a browser did it) from
 * which device. Deliberately no link: nothing in it can undo or redo anything.
 */
export function accountDeletedMail(name: string, at: Date, device?: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).accountDeleted;
  return accountEventMail(name, t, t.deleted, { at, device }, locale);
}

/** Security notice: the address is verified (the account can now sign in). */
export function emailVerifiedMail(name: string, signInUrl: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).emailVerified;
  return actionMail(t, t.ready, name, signInUrl, locale);
}
