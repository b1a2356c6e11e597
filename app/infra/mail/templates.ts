/**
 * The product's emails, as HTML (inline styles: mail clients ignore style
 * sheets) and plain text. Every link points at APP_URL.
 */
import { site } from "~/config/site";
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

function layout({ preheader, heading, paragraphs, action, footnote, unsubscribe }: Layout): { html: string; text: string } {
  const brand = escape(site.productName);
  const button = action
    ? `<tr><td style="padding:8px 0 24px"><a href="${escape(action.url)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escape(action.label)}</a></td></tr>
       <tr><td style="padding:0 0 16px;font-size:12px;line-height:1.5;color:#64748b">Button not working? Open <a href="${escape(action.url)}" style="color:#6d28d9">${escape(shortLinkText(action.url))}</a>, or copy this address into your browser:<br><span style="word-break:break-all;color:#94a3b8">${escape(action.url)}</span></td></tr>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(heading)}</title></head>
<body style="margin:0;background:#f4f3fb;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1e1b2e">
<span style="display:none;max-height:0;overflow:hidden">${escape(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f3fb;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="padding:0 0 24px;font-size:18px;font-weight:700;color:#4c1d95">✦ ${brand}</td></tr>
<tr><td style="padding:0 0 16px;font-size:22px;font-weight:700;color:#1e1b2e">${escape(heading)}</td></tr>
${paragraphs.map((p) => `<tr><td style="padding:0 0 16px;font-size:15px;line-height:1.6">${escape(p).replace(/\n/g, "<br>")}</td></tr>`).join("\n")}
${button}
${footnote ? `<tr><td style="padding:8px 0 0;font-size:13px;line-height:1.5;color:#64748b">${escape(footnote)}</td></tr>` : ""}
</table>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">${escape(site.companyName)} · ${escape(site.address.district)}, ${escape(site.address.state)}, ${escape(site.address.country)}</p>
${unsubscribe ? `<p style="font-size:12px;color:#64748b;margin:8px 0 0">Do not want these mails? <a href="${escape(unsubscribe)}" style="color:#6d28d9">Unsubscribe</a>.</p>` : ""}
</td></tr></table></body></html>`;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footnote ? [footnote, ""] : []),
    `— ${site.productName}, ${site.companyName}`,
    ...(unsubscribe ? ["", `Do not want these mails? Unsubscribe: ${unsubscribe}`] : []),
  ].join("\n");
  return { html, text };
}

export function verificationMail(name: string, url: string): RenderedMail {
  return {
    subject: `Verify your email for ${site.productName}`,
    ...layout({
      preheader: "One click and your account is ready.",
      heading: "Verify your email address",
      paragraphs: [`Hi ${name},`, `Welcome to ${site.productName}! Please confirm that this is your email address: the button signs you in.`],
      action: { label: "Verify email address", url },
      footnote: "This link works once and expires in one hour. If you did not create an account, you can ignore this email.",
    }),
  };
}

export function passwordResetMail(name: string, url: string): RenderedMail {
  return {
    subject: `Reset your ${site.productName} password`,
    ...layout({
      preheader: "A link to choose a new password.",
      heading: "Reset your password",
      paragraphs: [`Hi ${name},`, "We received a request to reset your password. Choose a new one with the button below; it signs you out everywhere else."],
      action: { label: "Choose a new password", url },
      footnote: "This link works once and expires in one hour. If you did not ask for it, ignore this email: your password stays as it is.",
    }),
  };
}

export function existingAccountMail(name: string, signInUrl: string, resetUrl: string): RenderedMail {
  return {
    subject: `You already have a ${site.productName} account`,
    ...layout({
      preheader: "Someone tried to sign up with your address.",
      heading: "You already have an account",
      paragraphs: [
        `Hi ${name},`,
        `Someone (hopefully you) tried to create a ${site.productName} account with this email address. You already have one, so nothing was changed.`,
        `Forgot your password? Reset it here: ${resetUrl}`,
      ],
      action: { label: "Sign in", url: signInUrl },
      footnote: "If this was not you, you can ignore this email.",
    }),
  };
}

export function deleteAccountMail(name: string, url: string): RenderedMail {
  return {
    subject: `Confirm deleting your ${site.productName} account`,
    ...layout({
      preheader: "Confirm that you want your account deleted.",
      heading: "Confirm account deletion",
      paragraphs: [
        `Hi ${name},`,
        "You asked us to delete your account. Once you confirm, your account, sessions, profile and messages are deleted and cannot be recovered.",
      ],
      action: { label: "Delete my account", url },
      footnote: "This link expires in one hour. If you did not ask for this, ignore this email and your account stays as it is.",
    }),
  };
}

/**
 * "22 November 2026, 14:05 UTC (19:35 IST)": security mails say when in one
 * unambiguous zone, and in the zone most of our readers live in.
 */
function whenUtc(date: Date): string {
  const day = date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  const ist = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Kolkata" });
  return `${day}, ${time} UTC (${ist} IST)`;
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

function securityNoticeMail(name: string, notice: SecurityNotice): RenderedMail {
  const where = notice.device ? ` from ${notice.device}` : "";
  return {
    subject: notice.subject,
    ...layout({
      preheader: notice.what,
      heading: notice.heading,
      paragraphs: [
        `Hi ${name},`,
        `${notice.what} on ${whenUtc(notice.at)}${where}.`,
        "If this was you, there is nothing to do. If it was not, review your account security now: change your password and sign out the devices you do not know.",
      ],
      action: { label: "Review account security", url: notice.securityUrl },
      footnote: "You get this email for every change to how your account signs in, so that nobody can change it without you knowing.",
    }),
  };
}

/** A sign-in from a browser this account had not used before (features/auth/sign-in-events.server.ts). */
export function newSignInMail(name: string, device: string, at: Date, securityUrl: string): RenderedMail {
  return securityNoticeMail(name, {
    subject: `New sign-in to your ${site.productName} account`,
    heading: "A new device signed in",
    what: `Your ${site.productName} account was signed in to from a device it had not used before`,
    at,
    device,
    securityUrl,
  });
}

export function twoFactorChangedMail(name: string, on: boolean, at: Date, device: string | undefined, securityUrl: string): RenderedMail {
  return securityNoticeMail(name, {
    subject: on ? `Two-factor authentication is on for ${site.productName}` : `Two-factor authentication was turned off for ${site.productName}`,
    heading: on ? "Two-factor authentication is on" : "Two-factor authentication is off",
    what: on ? "Two-factor authentication was turned on for your account" : "Two-factor authentication was turned off for your account",
    at,
    device,
    securityUrl,
  });
}

export function passkeyChangedMail(name: string, added: boolean, passkeyName: string, at: Date, device: string | undefined, securityUrl: string): RenderedMail {
  return securityNoticeMail(name, {
    subject: added ? `A passkey was added to your ${site.productName} account` : `A passkey was removed from your ${site.productName} account`,
    heading: added ? "A passkey was added" : "A passkey was removed",
    what: added ? `The passkey "${passkeyName}" was added to your account` : `The passkey "${passkeyName}" was removed from your account`,
    at,
    device,
    securityUrl,
  });
}

export function connectionChangedMail(name: string, provider: string, connected: boolean, at: Date, device: string | undefined, securityUrl: string): RenderedMail {
  return securityNoticeMail(name, {
    subject: connected ? `${provider} was connected to your ${site.productName} account` : `${provider} was disconnected from your ${site.productName} account`,
    heading: connected ? `${provider} is connected` : `${provider} is disconnected`,
    what: connected ? `${provider} sign-in was connected to your account` : `${provider} sign-in was disconnected from your account`,
    at,
    device,
    securityUrl,
  });
}

/** Security notice: the password changed (from the security page, or through a reset link). */
export function passwordChangedMail(name: string, at: Date, resetUrl: string, device?: string): RenderedMail {
  return {
    subject: `Your ${site.productName} password was changed`,
    ...layout({
      preheader: "Your password was just changed.",
      heading: "Your password was changed",
      paragraphs: [
        `Hi ${name},`,
        `The password of your ${site.productName} account was changed on ${whenUtc(at)}${device ? ` from ${device}` : ""}. Every other device was signed out.`,
        "If this was not you, choose a new password at once with the button below.",
      ],
      action: { label: "Reset my password", url: resetUrl },
      footnote: `You get this email for every password change, so that nobody can change yours without you knowing.`,
    }),
  };
}

/** Security notice: the account is gone. Deliberately no link: nothing in it can undo or redo anything. */
export function accountDeletedMail(name: string, at: Date): RenderedMail {
  return {
    subject: `Your ${site.productName} account was deleted`,
    ...layout({
      preheader: "Your account and its data are deleted.",
      heading: "Your account was deleted",
      paragraphs: [
        `Hi ${name},`,
        `Your ${site.productName} account was deleted on ${whenUtc(at)}, with its sessions, profile and messages.`,
        `If you did not do this, reply to ${site.contactEmail} and we will look into it.`,
      ],
    }),
  };
}

/** Security notice: the address is verified (the account can now sign in). */
export function emailVerifiedMail(name: string, signInUrl: string): RenderedMail {
  return {
    subject: `Your email is verified for ${site.productName}`,
    ...layout({
      preheader: "Your account is ready.",
      heading: "Your email is verified",
      paragraphs: [`Hi ${name},`, `Your email address is verified and your ${site.productName} account is ready.`],
      action: { label: "Sign in", url: signInUrl },
      footnote: "If you did not create this account, reply to this email and we will remove it.",
    }),
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
export function formAutoreplyMail(subject: string, body: string): RenderedMail {
  const { html, text } = layout({
    preheader: body.slice(0, 90),
    heading: subject,
    paragraphs: body.split(/\n{2,}/),
    footnote: `You receive this because this address was given in a form on the ${site.productName} website. If that was not you, ignore this mail.`,
  });
  return { subject, html, text };
}

/**
 * An operator's answer to a message, sent from the console (issue 21): their
 * words, then the message it answers, quoted.
 */
export function operatorReplyMail(kind: string, original: { name: string; message: string; createdAt: Date }, body: string): RenderedMail {
  const quoted = original.message ? `On ${whenUtc(original.createdAt)} you wrote:\n${original.message.split("\n").map((line) => `> ${line}`).join("\n")}` : "";
  const { html, text } = layout({
    preheader: body.slice(0, 90),
    heading: `${site.productName} replied to your ${kind === "feedback" ? "feedback" : "message"}`,
    paragraphs: [...(original.name ? [`Hello ${original.name},`] : []), ...body.split(/\n{2,}/), ...(quoted ? [quoted] : [])],
    footnote: "Reply to this email to write back.",
  });
  return { subject: `Re: your ${kind === "feedback" ? "feedback" : "message"} to ${site.productName}`, html, text };
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
export function waitlistConfirmMail(confirmUrl: string, unsubscribeUrl: string, interest: string | null): RenderedMail {
  return {
    subject: `Confirm your place on the ${site.productName} waitlist`,
    ...layout({
      preheader: "One click and we will tell you at launch.",
      heading: "Confirm your place on the waitlist",
      paragraphs: [
        `Someone, hopefully you, asked to hear from ${site.productName} when ${interest ? `the ${interest}` : "it"} launches. Please confirm that this is your address.`,
        "We will write only about the launch, and you can leave the list at any time.",
      ],
      action: { label: "Confirm my place", url: confirmUrl },
      footnote: "The link works for 7 days. If you did not ask for this, ignore this mail: without a click you will not hear from us again.",
      unsubscribe: unsubscribeUrl,
    }),
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
    ],
    action: { label: "Open the analytics", url: consoleUrl },
    footnote: "Sent every Monday to the site's operators. Figures are UTC days, cookieless and aggregated, as the console shows them.",
  });
  return { subject: `[${site.productName}] Week of ${f.from} to ${f.to}: ${f.pageViews} page views`, html, text };
}
