/**
 * Ask Tuesday in the help widget's panel (issue 41), run by the page script on
 * every page. Without it the panel's form and starter links open /help?q=, the
 * answer as a page; with it, the answer appears in the panel (announced: the
 * region is aria-live) and the visitor stays where they were.
 *
 * Everything the answer holds is set as text, never as markup.
 */
import { answerLanguageFor } from "./answer-language";

interface Words {
  answerLabel: string;
  sources: string;
  followUps: string;
  writeToTeam: string;
  supportPage: string;
  supportHref: string;
  helpful: string;
  notHelpful: string;
  thanks: string;
  asking: string;
  failed: string;
  /** A question of spaces only: said here, instead of the form leaving for an empty /help. */
  empty: string;
  tooLong: string;
  rateLimited: string;
}

interface Reply {
  kind: "answer" | "none";
  text: string;
  sources: { url: string; title: string }[];
  followUps: string[];
  answerId: string;
  contactUrl: string;
  /** The answer's language: Hindi for a question in Devanagari, whatever the page's. */
  lang: "en" | "hi";
}

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function startHelpPanel(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-help-form]");
  const region = doc.querySelector<HTMLElement>("[data-help-answer]");
  if (!form || !region) return;
  const words = JSON.parse(region.dataset.words ?? "{}") as Words;
  const input = form.querySelector<HTMLInputElement>("input[name=q]")!;
  const pageLanguage = doc.documentElement.lang === "hi" ? "hi" : "en";
  let asking = 0;

  const show = (...nodes: Node[]) => region.replaceChildren(...nodes);

  const render = (reply: Reply) => {
    const box = element(doc, "div", "space-y-3 rounded-2xl bg-ink-50 p-3 text-sm text-ink-900");
    box.dataset.kind = reply.kind;
    box.dataset.testid = "help-panel-answer";
    // What the answer says is in its own language (screen readers' voice, the Hindi type rules); the
    // panel's own words stay the page's.
    const own = <T extends HTMLElement>(node: T) => {
      if (reply.lang !== pageLanguage) node.lang = reply.lang;
      return node;
    };
    box.append(element(doc, "p", "sr-only", words.answerLabel), own(element(doc, "p", "leading-relaxed", reply.text)));
    if (reply.sources.length > 0) {
      const list = own(element(doc, "ul", "space-y-1"));
      list.setAttribute("aria-label", words.sources);
      for (const source of reply.sources) {
        const link = element(doc, "a", "font-medium text-brand-700 underline underline-offset-2", source.title);
        link.href = source.url;
        const item = element(doc, "li", "");
        item.append(link);
        list.append(item);
      }
      box.append(list);
    }
    if (reply.kind === "none") {
      const actions = element(doc, "p", "flex flex-wrap gap-2");
      const write = element(doc, "a", "rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white", words.writeToTeam);
      write.href = reply.contactUrl;
      const support = element(doc, "a", "rounded-lg px-3 py-1.5 font-semibold text-brand-800 ring-1 ring-brand-200", words.supportPage);
      support.href = words.supportHref;
      actions.append(write, support);
      box.append(actions);
    }
    if (reply.followUps.length > 0) {
      const list = own(element(doc, "ul", "flex flex-wrap gap-1.5"));
      list.setAttribute("aria-label", words.followUps);
      for (const followUp of reply.followUps) {
        const button = element(doc, "button", "rounded-full bg-white px-2.5 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200", followUp);
        button.type = "button";
        button.addEventListener("click", () => void ask(followUp));
        const item = element(doc, "li", "");
        item.append(button);
        list.append(item);
      }
      box.append(list);
    }
    const thumbs = element(doc, "p", "flex gap-2");
    for (const [helpful, label] of [
      [true, words.helpful],
      [false, words.notHelpful],
    ] as const) {
      const button = element(doc, "button", "rounded-lg px-2.5 py-1 text-xs font-medium ring-1 ring-ink-300", label);
      button.type = "button";
      button.addEventListener("click", () => {
        void fetch("/api/help/feedback", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ answerId: reply.answerId, helpful }),
        });
        thumbs.replaceChildren(element(doc, "span", "text-xs font-medium text-emerald-800", words.thanks));
      });
      thumbs.append(button);
    }
    box.append(thumbs);
    show(box);
    // The answer's follow-ups take the starters' place.
    for (const starters of doc.querySelectorAll<HTMLElement>("[data-help-starters]")) starters.hidden = true;
  };

  const ask = async (question: string) => {
    const mine = ++asking;
    input.value = question;
    show(element(doc, "p", "text-sm text-ink-600", words.asking));
    try {
      const response = await fetch("/api/help/ask", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ q: question, lang: answerLanguageFor(question, pageLanguage) }),
      });
      if (mine !== asking) return;
      if (response.status === 429) return show(element(doc, "p", "text-sm text-red-700", words.rateLimited));
      if (response.status === 422) return show(element(doc, "p", "text-sm text-red-700", words.tooLong));
      if (!response.ok) throw new Error(String(response.status));
      render((await response.json()) as Reply);
    } catch {
      if (mine !== asking) return;
      const failed = element(doc, "p", "text-sm text-red-700", `${words.failed} `);
      const link = element(doc, "a", "underline", "→");
      link.href = `${form.action}?q=${encodeURIComponent(question)}`;
      failed.append(link);
      show(failed);
    }
  };

  form.addEventListener("submit", (event) => {
    const question = input.value.trim();
    event.preventDefault();
    if (question) return void ask(question);
    show(element(doc, "p", "text-sm text-red-700", words.empty));
    input.focus();
  });
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[data-help-question]")) {
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      void ask(link.dataset.helpQuestion ?? "");
    });
  }
}

/** The contact page opened from "Write to the team": the question is already in the message (a prerendered page cannot read its query). */
export function prefillContactMessage(doc: Document, search: string): void {
  const message = new URLSearchParams(search).get("message");
  const field = doc.querySelector<HTMLTextAreaElement>("textarea[name=message]");
  if (message && field && field.value === "") field.value = message.slice(0, 2000);
}
