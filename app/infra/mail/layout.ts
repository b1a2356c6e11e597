/**
 * One layout for every mail the product sends (HTML with inline styles: mail
 * clients ignore style sheets; and plain text): the brand, a heading, the
 * paragraphs, up to two buttons with their fallback lines, a footnote, the
 * company's line and, for a list, the unsubscribe link. Its own words come
 * from the "mail" catalog's `layout` area, in the reader's language. The
 * mails themselves (what each says) are in ./templates.ts.
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

export interface Layout {
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
export function wordsOf(locale: Locale) {
  return messagesFor(locale).mail;
}

const PARAGRAPH_STYLE = "padding:0 0 16px;font-size:15px;line-height:1.6";

/** An escaped catalog line with one placeholder replaced by markup (a link). */
function withMarkup(template: string, values: Record<string, string>): string {
  return fill(escape(template), values);
}

const BUTTON_STYLE = {
  main: "display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px",
  outline:
    "display:inline-block;background:#ffffff;color:#6d28d9;text-decoration:none;font-weight:600;padding:10px 20px;border:2px solid #6d28d9;border-radius:10px",
} as const;

/** A button and, under it, the fallback line (the link named by its site and page, then the whole address). */
function buttonRows({ label, url }: { label: string; url: string }, kind: keyof typeof BUTTON_STYLE, fallback: string): string {
  return `<tr><td style="padding:8px 0 24px"><a href="${escape(url)}" style="${BUTTON_STYLE[kind]}">${escape(label)}</a></td></tr>
       <tr><td style="padding:0 0 16px;font-size:12px;line-height:1.5;color:#64748b">${withMarkup(fallback, { link: `<a href="${escape(url)}" style="color:#6d28d9">${escape(shortLinkText(url))}</a>` })}<br><span style="word-break:break-all;color:#94a3b8">${escape(url)}</span></td></tr>`;
}

export function layout(
  { preheader, heading, paragraphs, action, second, footnote, unsubscribe }: Layout,
  locale: Locale = "en",
): { html: string; text: string } {
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

/** How each language writes a moment: English as it always did (en-GB), Hindi in hi-IN; both on a 24-hour clock. */
const WHEN_LOCALE: Record<Locale, string> = { en: "en-GB", hi: INTL_LOCALE.hi };

/**
 * "22 November 2026, 14:05 UTC (19:35 IST)" ("22 नवंबर 2026, 14:05 UTC (19:35 IST)"
 * in Hindi): security mails say when in one unambiguous zone, and in the zone
 * most of our readers live in.
 */
export function whenUtc(date: Date, locale: Locale = "en"): string {
  const tag = WHEN_LOCALE[locale];
  const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  const day = date.toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = date.toLocaleTimeString(tag, { ...clock, timeZone: "UTC" });
  const ist = date.toLocaleTimeString(tag, { ...clock, timeZone: "Asia/Kolkata" });
  return `${day}, ${time} UTC (${ist} IST)`;
}
