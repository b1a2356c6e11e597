/**
 * Every mail to a person is written in their language (issue 20): the one
 * stored on the account (`user.language`, the sign-up page's, changeable on
 * the profile), and its links lead to the pages in that language.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { asLocale, type Locale, localizedPath } from "~/shared/i18n/locale";
import { messagesFor } from "~/shared/i18n/messages.server";
import { deviceFromHeaders } from "~/shared/lib/device";

/** The account's language, from any user object or row that has (or lacks) the column. */
export function languageOf(user: unknown): Locale {
  return asLocale(user && typeof user === "object" ? (user as { language?: unknown }).language : undefined);
}

/** An absolute link to one of our pages in a language ("/profile/security" → ".../hi/profile/security"). */
export function pageLink(appUrl: string, path: string, locale: Locale): string {
  return `${appUrl}${localizedPath(path, locale)}`;
}

/** The account's language when the object at hand may not carry it (a few fields copied from a session): asked of the database then. */
export async function languageOfAccount(db: Kysely<Database>, user: { id: string; language?: unknown }): Promise<Locale> {
  if (typeof user.language === "string") return asLocale(user.language);
  const row = await db.selectFrom("user").select("language").where("id", "=", user.id).executeTakeFirst();
  return asLocale(row?.language);
}

/** "Chrome on Android" as a mail in `locale` says it (the browser and system names stay as they are). */
export function deviceIn(headers: Headers | null | undefined, locale: Locale): string | undefined {
  return deviceFromHeaders(headers, messagesFor(locale).shell.device);
}
