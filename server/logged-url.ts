/**
 * What the request log says a request asked for: the URL as sent, except the
 * query of the URLs whose query may carry a one-time token or a credential
 * (/auth*, /api/auth*, the waitlist's mailed links) or a visitor's own words
 * (Ask Tuesday's /help?q=, the contact page's prefilled ?message=, issue 41),
 * in either language.
 */
const SECRET_QUERY =
  /^\/(?:api\/auth(?:[/?]|$)|(?:hi\/)?(?:auth(?:[/?]|$)|waitlist\/(?:confirm|unsubscribe)(?:\.data)?(?:[?]|$)|(?:help|contact)(?:\.data)?(?:[?]|$)))/;

export function loggedUrl(url: string): string {
  const q = url.indexOf("?");
  return q >= 0 && SECRET_QUERY.test(url) ? `${url.slice(0, q)}?[redacted]` : url;
}
