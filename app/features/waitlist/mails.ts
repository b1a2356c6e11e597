/** The waitlist's mail, in the joiner's language (the "mail" catalog). */
import { type Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { layout, type RenderedMail, wordsOf } from "~/infra/mail/layout";

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
