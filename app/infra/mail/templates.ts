/**
 * The product's emails, as HTML (inline styles: mail clients ignore style
 * sheets) and plain text. Every link points at APP_URL.
 *
 * A mail to a person is written in that person's language: each such template
 * takes the locale last (English by default), and its words come from the
 * "mail" catalog (app/shared/i18n/catalog/mail.ts, Hindi in ../hi/mail.ts).
 * Mails to the company's own staff (form notifications and digests, the
 * weekly summary) stay English, with their words here.
 */
import { site } from "~/config/site";
import { INTL_LOCALE, type Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { layout, type RenderedMail, wordsOf } from "./layout";

export { type RenderedMail, shortLinkText } from "./layout";

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

/** How each language writes a moment: English as it always did (en-GB), Hindi in hi-IN; both on a 24-hour clock. */
const WHEN_LOCALE: Record<Locale, string> = { en: "en-GB", hi: INTL_LOCALE.hi };

/**
 * "22 November 2026, 14:05 UTC (19:35 IST)" ("22 नवंबर 2026, 14:05 UTC (19:35 IST)"
 * in Hindi): security mails say when in one unambiguous zone, and in the zone
 * most of our readers live in.
 */
function whenUtc(date: Date, locale: Locale = "en"): string {
  const tag = WHEN_LOCALE[locale];
  const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  const day = date.toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = date.toLocaleTimeString(tag, { ...clock, timeZone: "UTC" });
  const ist = date.toLocaleTimeString(tag, { ...clock, timeZone: "Asia/Kolkata" });
  return `${day}, ${time} UTC (${ist} IST)`;
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

/** Security notice: the password changed (from the security page, or through a reset link). */
export function passwordChangedMail(name: string, at: Date, resetUrl: string, device?: string, locale: Locale = "en"): RenderedMail {
  const w = wordsOf(locale);
  const t = w.passwordChanged;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), fill(t.changed, { when: whenUtc(at, locale), where: fromDevice(device, locale) }), t.ifNotYou],
        action: { label: t.action, url: resetUrl },
        footnote: t.footnote,
      },
      locale,
    ),
  };
}

/**
 * Security notice: the account is gone, when and (when a browser did it) from
 * which device. Deliberately no link: nothing in it can undo or redo anything.
 */
export function accountDeletedMail(name: string, at: Date, device?: string, locale: Locale = "en"): RenderedMail {
  const w = wordsOf(locale);
  const t = w.accountDeleted;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), fill(t.deleted, { when: whenUtc(at, locale), where: fromDevice(device, locale) }), t.ifNotYou],
      },
      locale,
    ),
  };
}

/** Security notice: the address is verified (the account can now sign in). */
export function emailVerifiedMail(name: string, signInUrl: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).emailVerified;
  return actionMail(t, t.ready, name, signInUrl, locale);
}

export function formNotificationMail(kind: string, from: { name: string; email: string }, message: string, extra: Record<string, string> = {}): RenderedMail {
  const label = kind === "feedback" ? "feedback" : kind === "contact" ? "contact message" : "message";
  // A form of the form service may send no name, no address or no message (its rules say what it asks for).
  const who = from.name || from.email || "a visitor";
  const sender = from.name && from.email ? `${from.name} <${from.email}>` : who;
  const { html, text } = layout({
    preheader: (message || Object.values(extra).join(" · ")).slice(0, 90),
    heading: `New ${label} from ${who}`,
    paragraphs: [`From: ${sender}`, ...Object.entries(extra).map(([name, value]) => `${name}: ${value}`), ...(message ? message.split(/\n{2,}/) : [])],
    footnote: from.email
      ? `Sent through the ${kind} form on the website. Reply to this email to answer ${who}.`
      : `Sent through the ${kind} form on the website, without an address to answer.`,
  });
  return { subject: `[${site.productName}] New ${label} from ${who}`, html, text };
}

/**
 * A form's autoresponder (issue 21): the operator's words to each sender of a
 * message the form kept (never to spam). Nothing the sender typed is in it, so
 * the form cannot be used to mail someone a stranger's text.
 */
export function formAutoreplyMail(subject: string, body: string, locale: Locale = "en"): RenderedMail {
  const { html, text } = layout(
    {
      preheader: body.slice(0, 90),
      heading: subject,
      paragraphs: body.split(/\n{2,}/),
      footnote: wordsOf(locale).formAutoreply.footnote,
    },
    locale,
  );
  return { subject, html, text };
}

/**
 * An operator's answer to a message, sent from the console (issue 21): their
 * words, then the message it answers, quoted.
 */
export function operatorReplyMail(
  kind: string,
  original: { name: string; message: string; createdAt: Date },
  body: string,
  locale: Locale = "en",
): RenderedMail {
  const t = wordsOf(locale).operatorReply;
  const feedback = kind === "feedback";
  const quoted = original.message
    ? `${fill(t.youWrote, { when: whenUtc(original.createdAt, locale) })}\n${original.message
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")}`
    : "";
  const { html, text } = layout(
    {
      preheader: body.slice(0, 90),
      heading: feedback ? t.headingFeedback : t.headingMessage,
      paragraphs: [...(original.name ? [fill(t.greeting, { name: original.name })] : []), ...body.split(/\n{2,}/), ...(quoted ? [quoted] : [])],
      footnote: t.footnote,
    },
    locale,
  );
  return { subject: feedback ? t.subjectFeedback : t.subjectMessage, html, text };
}

/**
 * One mail in place of the notifications past a form's hourly ceiling (issue 26,
 * finding 4): how many more messages arrived, and where to read them.
 */
export function formDigestMail(kind: string, more: number, window: { start: Date; end: Date }, inboxUrl: string): RenderedMail {
  const messages = more === 1 ? "1 more message" : `${more.toLocaleString("en-GB")} more messages`;
  const { html, text } = layout({
    preheader: `${messages} on the ${kind} form, not mailed one by one`,
    heading: `${messages} on the ${kind} form`,
    paragraphs: [
      `Between ${whenUtc(window.start)} and ${whenUtc(window.end)}, the ${kind} form received ${messages} after its hourly limit of notification mails was reached.`,
      "Every one of them is stored. Read them in the inbox.",
    ],
    action: { label: "Open the inbox", url: inboxUrl },
    footnote: "The limit keeps a flood of messages from flooding this mailbox too (FORM_MAILS_PER_HOUR).",
  });
  return { subject: `[${site.productName}] ${messages} on the ${kind} form`, html, text };
}

/**
 * The waitlist's double opt-in (issue 21): the link confirms the place. Like every
 * waitlist mail it carries an unsubscribe link (and the List-Unsubscribe header).
 */
export function waitlistConfirmMail(confirmUrl: string, unsubscribeUrl: string, interest: string | null, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).waitlistConfirm;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [interest ? fill(t.askedFor, { interest }) : t.askedForAnything, t.onlyLaunch],
        action: { label: t.action, url: confirmUrl },
        footnote: t.footnote,
        unsubscribe: unsubscribeUrl,
      },
      locale,
    ),
  };
}

/** The weekly summary's figures, already in words (features/analytics/weekly-report.server.ts). */
export interface WeeklyFigures {
  from: string;
  to: string;
  /** "1,234 (+12 %)" */
  pageViews: string;
  pageViewsCount: number;
  topPages: string[];
  topSources: string[];
  goals: string[];
  vitals: string[];
  /** Ask Tuesday: questions not answered this week, by topic (and the redacted log, where on). */
  unanswered: string[];
}

/** The weekly summary to operators (issue 21): the console's 7-day figures against the week before. */
export function weeklySummaryMail(f: WeeklyFigures, consoleUrl: string): RenderedMail {
  const section = (title: string, lines: string[]) => `${title}:\n${lines.length ? lines.map((l) => `• ${l}`).join("\n") : "• none yet"}`;
  const { html, text } = layout({
    preheader: `${f.pageViews} page views from ${f.from} to ${f.to}`,
    heading: `Your week: ${f.from} to ${f.to}`,
    paragraphs: [
      `Page views: ${f.pageViews}, against the week before.`,
      section("Top pages", f.topPages),
      section("Top sources", f.topSources),
      section("Goals", f.goals),
      section("Core Web Vitals (p75, every page)", f.vitals),
      section("Questions the site could not answer (Ask Tuesday, /admin/help)", f.unanswered),
    ],
    action: { label: "Open the analytics", url: consoleUrl },
    footnote: "Sent every Monday to the site's operators. Figures are UTC days, cookieless and aggregated, as the console shows them.",
  });
  return { subject: `[${site.productName}] Week of ${f.from} to ${f.to}: ${f.pageViews} page views`, html, text };
}
