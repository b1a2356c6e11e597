/**
 * Which Latin-script words a Hindi page still shows (issue 20), from its
 * HTML: the server's (tests/audits) or the browser's DOM as it stands
 * (`page.content()`, tests/e2e). Brand and product names, other companies'
 * names, acronyms Hindi writes in Latin letters, e-mail addresses, URLs and
 * whatever is marked `translate="no"` (codes, identifiers) or another `lang`
 * are allowed.
 */
import { JSDOM } from "jsdom";
import { site } from "../../app/config/site";

const ALLOWED_LATIN = new Set([
  ...site.productName.split(" "),
  ...site.companyName.split(" "),
  site.productFamily,
  ...["LLM", "Assistant", "Watch", "Devices"],
  ...["X", "Twitter", "Telegram", "WhatsApp", "Instagram", "GitHub", "Google", "Discord", "LinkedIn", "YouTube"],
  ...["AI", "API", "APIs", "CEO", "GPU", "GPUs", "CPU", "GDPR", "CCPA", "INR", "IP", "TLS", "UPI", "OTP", "URL", "HTTPS", "RAG", "LLMs", "ID", "PDF"],
]);

/** The Latin-script words of a page's text and accessible names, leaving out what is marked not to be translated. */
export function latinWords(html: string): string[] {
  const { document } = new JSDOM(html).window;
  const skip = (el: Element | null) => !!el?.closest('[translate="no"], code, pre, kbd, script, style, noscript, template, [lang]:not([lang="hi"])');
  const out: string[] = [document.title, document.querySelector('meta[name="description"]')?.getAttribute("content") ?? ""];
  const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!skip(node.parentElement)) out.push(node.textContent ?? "");
  for (const el of document.body.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    if (skip(el)) continue;
    for (const name of ["aria-label", "title", "alt", "placeholder"]) out.push(el.getAttribute(name) ?? "");
  }
  const words = out
    .join(" ")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ") // e-mail addresses
    .replace(/https?:\/\/\S+/g, " ")
    .match(/[A-Za-z][A-Za-z'’]*/g);
  return [...new Set((words ?? []).filter((w) => !ALLOWED_LATIN.has(w)))];
}
