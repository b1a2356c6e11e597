/**
 * What the Hindi tests check on every Hindi page: which Latin-script words it
 * still shows. Brand and product names, other companies' names, acronyms
 * Hindi writes in Latin letters, e-mail addresses, URLs and whatever is marked
 * `translate="no"` (codes, identifiers) or another `lang` are allowed.
 */
import type { Page } from "@playwright/test";
import { site } from "../../app/config/site";

/**
 * Latin-script words a Hindi page may show: the brand's and products' names,
 * other companies' names, and acronyms Hindi writes in Latin letters.
 */
const ALLOWED_LATIN = new Set([
  ...site.productName.split(" "),
  ...site.companyName.split(" "),
  site.productFamily,
  ...["LLM", "Assistant", "Watch", "Devices"],
  ...["X", "Twitter", "Telegram", "WhatsApp", "Instagram", "GitHub", "Google", "Discord", "LinkedIn", "YouTube"],
  ...["AI", "API", "APIs", "CEO", "GPU", "GPUs", "CPU", "GDPR", "CCPA", "INR", "IP", "TLS", "UPI", "OTP", "URL", "HTTPS", "RAG", "LLMs", "ID", "PDF"],
]);

/** The Latin-script words of a page's visible text and accessible names, leaving out what is marked as not to be translated. */
export async function latinWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const skip = (el: Element | null) => !!el?.closest('[translate="no"], code, pre, kbd, script, style, noscript, template, [lang]:not([lang="hi"])');
    const out: string[] = [document.title, document.querySelector('meta[name="description"]')?.getAttribute("content") ?? ""];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!skip(node.parentElement)) out.push(node.textContent ?? "");
    for (const el of document.body.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
      if (skip(el)) continue;
      for (const name of ["aria-label", "title", "alt", "placeholder"]) out.push(el.getAttribute(name) ?? "");
    }
    return out;
  });
  const words = texts
    .join(" ")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ") // e-mail addresses
    .replace(/https?:\/\/\S+/g, " ")
    .match(/[A-Za-z][A-Za-z'’]*/g);
  return [...new Set((words ?? []).filter((w) => !ALLOWED_LATIN.has(w)))];
}
