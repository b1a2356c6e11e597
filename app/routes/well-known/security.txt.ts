import { site } from "~/config/site";
import { publicOrigin } from "~/shared/lib/seo.server";

/** How long a security.txt stays valid (RFC 9116 §2.5.5: less than a year recommended). */
const VALID_DAYS = 360;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. The
 * contact is the one SECURITY.md names, from site.ts; the file is rendered at
 * build (prerendered), so each build moves its expiry a year ahead.
 */
export function loader() {
  const origin = publicOrigin();
  const expires = new Date(Date.now() + VALID_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: mailto:${site.contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: en, hi",
    `Canonical: ${origin}/.well-known/security.txt`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
