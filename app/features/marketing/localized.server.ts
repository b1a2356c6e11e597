/**
 * The marketing copy, the team and the site's own lines in a page's language:
 * what the routes' loaders hand to the page (the copy travels as loader data,
 * never as code, so neither language ships in the other's JavaScript).
 */
import { site, team, type TeamMember } from "~/config/site";
import { siteHi } from "~/config/site.hi";
import type { Locale } from "~/shared/i18n/locale";
import * as en from "./content";
import * as hi from "./content.hi";
import { teamHi } from "./team.hi";

export function marketingCopy(locale: Locale): typeof en {
  return locale === "hi" ? hi : en;
}

/** The roster in a language: names, roles and descriptions translated, icons as they are. */
export function teamIn(locale: Locale): TeamMember[] {
  return locale === "en" ? team : teamHi;
}

/** The site's tagline and description in a language (titles and meta descriptions). */
export function siteLines(locale: Locale): { tagline: string; description: string } {
  return locale === "hi" ? { tagline: siteHi.tagline, description: siteHi.description } : { tagline: site.tagline, description: site.description };
}
