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
import { messagesFor } from "~/shared/i18n/messages.server";
import { escapeMarkup as escape } from "~/shared/lib/escape-markup";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /**
   * A second way on, under the first button: a question, then a button of its
   * own, drawn in outline so the first stays the main one ("Forgot your
   * password?" [Reset my password]), with the same fallback line.
   */
  second?: { prompt: string; label: string; url: string };
  footnote?: string;
  /** A mail to a list: the link that takes the reader off it, at the foot of the mail. */
  unsubscribe?: string;
}

/**
 * A link's words in the fallback line: the site and the page, without the
 * token that makes a link eight lines long on a phone ("localhost:3000/api/auth/verify-email").
 */
export function shortLinkText(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname === "/" ? "" : pathname}`;
  } catch {
    return url;
  }
}

/** The mail catalog in a language (server code: messagesFor holds every area of both). */
function wordsOf(locale: Locale) {
  return messagesFor(locale).mail;
}

const PARAGRAPH_STYLE = "padding:0 0 16px;font-size:15px;line-height:1.6";

/** An escaped catalog line with one placeholder replaced by markup (a link). */
function withMarkup(template: string, values: Record<string, string>): string {
  return fill(escape(template), values);
}

const BUTTON_STYLE = {
  main: "display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px",
  outline: "display:inline-block;background:#ffffff;color:#6d28d9;text-decoration:none;font-weight:600;padding:10px 20px;border:2px solid #6d28d9;border-radius:10px",
} as const;

/** A button and, under it, the fallback line (the link named by its site and page, then the whole address). */
function buttonRows({ label, url }: { label: string; url: string }, kind: keyof typeof BUTTON_STYLE, fallback: string): string {
  return `<tr><td style="padding:8px 0 24px"><a href="${escape(url)}" style="${BUTTON_STYLE[kind]}">${escape(label)}</a></td></tr>
       <tr><td style="padding:0 0 16px;font-size:12px;line-height:1.5;color:#64748b">${withMarkup(fallback, { link: `<a href="${escape(url)}" style="color:#6d28d9">${escape(shortLinkText(url))}</a>` })}<br><span style="word-break:break-all;color:#94a3b8">${escape(url)}</span></td></tr>`;
}

function layout({ preheader, heading, paragraphs, action, second, footnote, unsubscribe }: Layout, locale: Locale = "en"): { html: string; text: string } {
  const t = wordsOf(locale).layout;
  const brand = escape(site.productName);
  const button = [
    ...(action ? [buttonRows(action, "main", t.buttonFallback)] : []),
    ...(second ? [`<tr><td style="${PARAGRAPH_STYLE}">${escape(second.prompt)}</td></tr>`, buttonRows(second, "outline", t.buttonFallback)] : []),
  ].join("\n");
  const rows = paragraphs.map((p) => `<tr><td style="${PARAGRAPH_STYLE}">${escape(p).replace(/\n/g, "<br>")}</td></tr>`);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(heading)}</title></head>
<body style="margin:0;background:#f4f3fb;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1e1b2e">
<span style="display:none;max-height:0;overflow:hidden">${escape(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f3fb;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="padding:0 0 24px;font-size:18px;font-weight:700;color:#4c1d95">✦ ${brand}</td></tr>
<tr><td style="padding:0 0 16px;font-size:22px;font-weight:700;color:#1e1b2e">${escape(heading)}</td></tr>
${rows.join("\n")}
${button}
${footnote ? `<tr><td style="padding:8px 0 0;font-size:13px;line-height:1.5;color:#64748b">${escape(footnote)}</td></tr>` : ""}
</table>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">${escape(site.companyName)} · ${escape(site.address.district)}, ${escape(site.address.state)}, ${escape(site.address.country)}</p>
${unsubscribe ? `<p style="font-size:12px;color:#64748b;margin:8px 0 0">${withMarkup(t.unsubscribeHtml, { link: `<a href="${escape(unsubscribe)}" style="color:#6d28d9">${escape(t.unsubscribe)}</a>` })}</p>` : ""}
</td></tr></table></body></html>`;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(second ? [`${second.prompt} ${second.label}: ${second.url}`, ""] : []),
    ...(footnote ? [footnote, ""] : []),
    t.signOff,
    ...(unsubscribe ? ["", fill(t.unsubscribeText, { link: t.unsubscribe, url: unsubscribe })] : []),
  ].join("\n");
  return { html, text };
}

export function verificationMail(name: string, url: string, locale: Locale = "en"): RenderedMail {
  const w = wordsOf(locale);
  const t = w.verification;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), t.welcome],
        action: { label: t.action, url },
        footnote: t.footnote,
      },
      locale,
    ),
  };
}

export function passwordResetMail(name: string, url: string, locale: Locale = "en"): RenderedMail {
  const w = wordsOf(locale);
  const t = w.passwordReset;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), t.request],
        action: { label: t.action, url },
        footnote: t.footnote,
      },
      locale,
    ),
  };
}

/** Someone signed up with an address that has an account: sign in, or reset the password by the second link. */
export function existingAccountMail(name: string, signInUrl: string, resetUrl: string, locale: Locale = "en"): RenderedMail {
  const w = wordsOf(locale);
  const t = w.existingAccount;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), t.tried],
        action: { label: t.action, url: signInUrl },
        second: { prompt: t.resetPrompt, label: t.resetAction, url: resetUrl },
        footnote: t.footnote,
      },
      locale,
    ),
  };
}

export function deleteAccountMail(name: string, url: string, locale: Locale = "en"): RenderedMail {
  const w = wordsOf(locale);
  const t = w.deleteAccount;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), t.asked],
        action: { label: t.action, url },
        footnote: t.footnote,
      },
      locale,
    ),
  };
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
        paragraphs: [fill(w.greeting, { name }), fill(t.line, { what: notice.what, when: whenUtc(notice.at, locale), where: fromDevice(notice.device, locale) }), t.ifNotYou],
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

export function twoFactorChangedMail(name: string, on: boolean, at: Date, device: string | undefined, securityUrl: string, locale: Locale = "en"): RenderedMail {
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
  const w = wordsOf(locale);
  const t = w.emailVerified;
  return {
    subject: t.subject,
    ...layout(
      {
        preheader: t.preheader,
        heading: t.heading,
        paragraphs: [fill(w.greeting, { name }), t.ready],
        action: { label: t.action, url: signInUrl },
        footnote: t.footnote,
      },
      locale,
    ),
  };
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
    footnote: from.email ? `Sent through the ${kind} form on the website. Reply to this email to answer ${who}.` : `Sent through the ${kind} form on the website, without an address to answer.`,
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
export function operatorReplyMail(kind: string, original: { name: string; message: string; createdAt: Date }, body: string, locale: Locale = "en"): RenderedMail {
  const t = wordsOf(locale).operatorReply;
  const feedback = kind === "feedback";
  const quoted = original.message
    ? `${fill(t.youWrote, { when: whenUtc(original.createdAt, locale) })}\n${original.message.split("\n").map((line) => `> ${line}`).join("\n")}`
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
