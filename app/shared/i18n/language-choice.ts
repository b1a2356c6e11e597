/**
 * The visitor's remembered language: a first-party cookie set when the
 * language switch is pressed (never otherwise), read by the server for the
 * bare "/" only, which then sends a Hindi reader to /hi and an English reader
 * nowhere (docs/decisions/0032-hindi.md, the cookie policy lists it).
 *
 * Who writes it: the page's boot script on the press (app/client/boot.ts,
 * configured in root.tsx), and the edge itself for the one link whose next
 * answer reads it, the switch to the English home (`/?lang=en`), because a
 * cookie a script writes may reach the browser's cookie store after the
 * navigation the same press starts (docs/decisions/0054-the-english-home-link-says-so.md).
 */
import { site } from "~/config/site";

export const LANGUAGE_COOKIE = `${site.slug}.lang`;
export const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** The cookie's attributes (and "; Secure" on https), in the boot script and at the edge alike. */
export const LANGUAGE_COOKIE_ATTRIBUTES = `Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
/** The query of the bare "/" that names the language chosen (server/negotiation.ts `homeRedirect`). */
export const LANGUAGE_PARAM = "lang";
