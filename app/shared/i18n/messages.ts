/**
 * The words of the site's shell and shared blocks (header, footer, side menu,
 * chat widget, section headings, pricing, waitlist, blog, errors). English is
 * in ./catalog/<area>.ts, one module per area so each ships in the chunk that
 * draws it (the chat widget's words load with the chat widget). Pages' own
 * copy lives in their feature's content modules (content.ts and its Hindi
 * twin content.hi.ts), chosen by the route's loader.
 *
 * The Hindi catalog (messages.hi.ts) is typed `Messages`: a key missing there,
 * or one left over, fails the type check. It reaches the browser as loader
 * data on Hindi pages only (the root's loader carries the areas every page
 * draws, a page's loader the areas of that page), so English pages ship no
 * Hindi and Hindi pages ship no second bundle (docs/decisions/0032-hindi.md).
 * Two areas travel with the code that draws them instead: the chat widget's
 * (loaded 2 s after the page) and the home page's blocks' (`MessagesScope`),
 * so a Hindi page's data holds only what its own markup needs. An error page
 * thrown before the root loader ran gets the shell's from the answer itself
 * (errorPageWords, `MessagesScope` in root.tsx).
 * Placeholders are `{name}`, filled by `fill()`.
 */
import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import type { blog } from "./catalog/blog";
import type { chat } from "./catalog/chat";
import type { comingSoon } from "./catalog/coming-soon";
import type { errors } from "./catalog/errors";
import type { flash } from "./catalog/flash";
import type { legal } from "./catalog/legal";
import type { nav } from "./catalog/nav";
import type { pricing } from "./catalog/pricing";
import type { products } from "./catalog/products";
import type { sections } from "./catalog/sections";
import type { shell } from "./catalog/shell";
import type { waitlist } from "./catalog/waitlist";
import type { account } from "./catalog/account";
import type { auth } from "./catalog/auth";
import type { forms } from "./catalog/forms";
import type { mail } from "./catalog/mail";
import type { waitlistPages } from "./catalog/waitlist-pages";

/**
 * The areas every page draws (header, footer, menus, the error views): the
 * root loader carries their Hindi, on every Hindi page.
 */
export interface ShellMessages {
  shell: typeof shell;
  nav: typeof nav;
  errors: typeof errors;
  /** The help widget is in every page's markup (features/chat-widget). */
  chat: typeof chat;
}

/**
 * The areas of particular pages (marketing blocks, pricing, the blog, legal
 * pages, accounts, forms): the route's own loader carries their Hindi
 * (`pageMessages`), so a page's data holds only its own words. `mail` never reaches a browser:
 * the server writes mails in the language of the person they go to.
 */
export interface PageMessages {
  sections: typeof sections;
  pricing: typeof pricing;
  products: typeof products;
  comingSoon: typeof comingSoon;
  waitlist: typeof waitlist;
  blog: typeof blog;
  legal: typeof legal;
  /** Never in loader data as a catalog: the root loader sends a flash with its words. */
  flash: typeof flash;
  auth: typeof auth;
  account: typeof account;
  forms: typeof forms;
  waitlistPages: typeof waitlistPages;
  mail: typeof mail;
}

/** Every area: what a language's catalog must hold in full (messages.hi.ts is typed by it). */
export type Messages = ShellMessages & PageMessages;

export const SHELL_AREAS = ["shell", "nav", "errors", "chat"] as const satisfies ReadonlyArray<keyof ShellMessages>;

/**
 * Where loaders put a page's words in another language than English: the key
 * `i18n` of their data (the root's for the shell areas, a route's for its own).
 */
export interface LoaderMessages {
  i18n?: Partial<Messages> | null;
}

type Match = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/**
 * Words handed down by the component that brought them (the home page's
 * blocks with their code; the error page from an answer thrown before the
 * root loader ran), looked at before the loaders'.
 */
const ScopedMessages = createContext<Partial<Messages> | null>(null);
export const MessagesScope = ScopedMessages.Provider;

function areaFrom<K extends keyof Messages>(matches: ReadonlyArray<Match>, area: K): Messages[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const data = (match?.loaderData ?? match?.data) as LoaderMessages | undefined;
    const found = data && typeof data === "object" ? data.i18n?.[area] : undefined;
    if (found) return found as Messages[K];
  }
  return undefined;
}

/**
 * An area's words in the page's language: a loader's `i18n` on a Hindi page,
 * else the English the caller imported (so English stays in the bundle it was
 * always in, and nothing else does).
 */
export function useMessages<K extends keyof Messages>(area: K, english: Messages[K]): Messages[K] {
  const scoped = useContext(ScopedMessages)?.[area] as Messages[K] | undefined;
  const matches = useMatches();
  return scoped ?? areaFrom(matches, area) ?? english;
}

export { fill } from "./fill";

/** For `meta` functions (no hooks there): an area's words from the matches' data, else English. */
export function messagesFromMatches<K extends keyof Messages>(matches: ReadonlyArray<Match>, area: K, english: Messages[K]): Messages[K] {
  return areaFrom(matches, area) ?? english;
}
