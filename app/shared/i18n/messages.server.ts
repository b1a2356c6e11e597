/**
 * The catalogs on the server: every area in each language, for route actions
 * and mails (which answer in the language of the page or of the person), and
 * the slices of the Hindi catalog that loaders hand to the browser.
 */
import { blog } from "./catalog/blog";
import { chat } from "./catalog/chat";
import { comingSoon } from "./catalog/coming-soon";
import { errors } from "./catalog/errors";
import { flash } from "./catalog/flash";
import { legal } from "./catalog/legal";
import { nav } from "./catalog/nav";
import { pricing } from "./catalog/pricing";
import { products } from "./catalog/products";
import { sections } from "./catalog/sections";
import { shell } from "./catalog/shell";
import { waitlist } from "./catalog/waitlist";
import { account } from "./catalog/account";
import { auth } from "./catalog/auth";
import { forms } from "./catalog/forms";
import { mail } from "./catalog/mail";
import { waitlistPages } from "./catalog/waitlist-pages";
import { type Locale, localeOfPath } from "./locale";
import { type Messages, SHELL_AREAS } from "./messages";
import { hi } from "./messages.hi";

const en: Messages = {
  shell,
  nav,
  sections,
  pricing,
  products,
  comingSoon,
  waitlist,
  blog,
  legal,
  chat,
  flash,
  errors,
  auth,
  account,
  forms,
  waitlistPages,
  mail,
};

/** Every area in a language (server code: actions, mails). */
export function messagesFor(locale: Locale): Messages {
  return locale === "hi" ? hi : en;
}

/**
 * What a loader puts under `i18n` for the browser: on a Hindi page the Hindi
 * of the areas named, on an English page nothing (the bundles hold English).
 */
export function pageMessages<K extends keyof Messages>(locale: Locale, ...areas: K[]): Pick<Messages, K> | null {
  if (locale === "en") return null;
  const picked = {} as Pick<Messages, K>;
  for (const area of areas) picked[area] = hi[area];
  return picked;
}

/** The root loader's share: the shell's areas. */
export function shellMessages(locale: Locale) {
  return pageMessages(locale, ...SHELL_AREAS);
}

/**
 * What an answer thrown before the root loader runs (a refused cross-site
 * post, a dependency's 503) carries for root.tsx's error boundary: the
 * shell's words on a Hindi page, nothing on an English one.
 */
export function errorPageWords(request: Request): { i18n?: Partial<Messages> } {
  // A client navigation's data request (`/hi/profile.data`) is its page's.
  const words = shellMessages(localeOfPath(new URL(request.url).pathname.replace(/\.data$/, "")));
  return words ? { i18n: words } : {};
}
