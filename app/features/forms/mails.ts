/**
 * The form service's mails: the notification to the form's owner and the digest
 * past its hourly ceiling (to the company's staff: English, with their words
 * here), the autoresponder and an operator's reply (to the sender, in their
 * language, from the "mail" catalog).
 */
import { site } from "~/config/site";
import { type Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { layout, type RenderedMail, whenUtc, wordsOf } from "~/infra/mail/layout";

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
