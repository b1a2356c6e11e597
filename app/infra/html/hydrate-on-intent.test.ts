/**
 * The hand-written bootstrap part of hydration on intent, run as a browser
 * runs it (its `intent` then awaited), in a fresh window per test.
 */
import { describe, expect, it } from "vitest";
import { intentWake } from "./hydrate-on-intent.server";

const options = {
  chat: { delayMs: 2000, positionKey: "t.chat", size: 56, margin: 16 },
  language: { cookie: "t.lang", attributes: "Path=/; Max-Age=100; SameSite=Lax", locales: ["en", "hi"] as const },
};

const PAGE = `<a id="link" href="/about">About</a>
  <a id="hindi" href="/hi" hreflang="hi">हिन्दी</a>
  <p id="text">Words</p>
  <button id="plain" type="button">Coming soon</button>
  <form><button id="submit" type="submit">Send</button></form>
  <button id="stub" type="button" data-chat-stub hidden>Chat</button>`;

type TestWindow = Window & typeof globalThis & Record<string, unknown>;
// jsdom has no type declarations of its own here (no @types/jsdom): the little used of it, typed.
const JSDOM_MODULE = "jsdom";
const { JSDOM } = (await import(JSDOM_MODULE)) as {
  JSDOM: new (html: string, options: { url: string; runScripts: "outside-only" }) => { window: TestWindow };
};

/** A page with the script run in it; `woken()` says whether the visitor's move has woken it so far. */
function run() {
  const dom = new JSDOM(`<!doctype html><html><body>${PAGE}</body></html>`, { url: "http://localhost/", runScripts: "outside-only" });
  const window = dom.window;
  window.eval(`${intentWake(options)}; window.__woken = false; intent.woken.then(() => { window.__woken = true; });`);
  const element = (id: string) => window.document.getElementById(id)!;
  const hydrate = () => window.document.documentElement.setAttribute("data-hydrated", "true");
  return { window, element, hydrate, woken: () => window.__woken === true };
}

const flush = () => new Promise((go) => setTimeout(go, 0));

describe("hydration on intent: the bootstrap before React", () => {
  it("is not woken by a press on a link or a submit button, nor by a touch pointer moving; a press elsewhere wakes it", async () => {
    const page = run();
    page.element("link").addEventListener("click", (e) => e.preventDefault());
    page.element("link").click();
    page.element("submit").addEventListener("click", (e) => e.preventDefault());
    page.element("submit").click();
    const move = new page.window.Event("pointermove", { bubbles: true });
    Object.defineProperty(move, "pointerType", { value: "touch" });
    page.element("text").dispatchEvent(move);
    await flush();
    expect(page.woken()).toBe(false);
    page.element("text").click();
    await flush();
    expect(page.woken()).toBe(true);
  });

  it("presses a script-only button again once the page has hydrated, once", async () => {
    const page = run();
    let presses = 0;
    page.element("plain").addEventListener("click", () => presses++);
    page.element("plain").click();
    expect(presses).toBe(1); // the browser's own press, which nothing answered yet
    page.hydrate();
    await flush();
    expect(presses).toBe(2);
    page.window.document.documentElement.setAttribute("data-hydrated", "again");
    await flush();
    expect(presses).toBe(2);
  });

  it("forgets a remembered press once React answers a newer one (no press is answered twice)", async () => {
    const page = run();
    let presses = 0;
    page.element("plain").addEventListener("click", () => presses++);
    page.element("plain").click();
    page.window.__reactListens = true;
    page.element("plain").click();
    page.hydrate();
    await flush();
    expect(presses).toBe(2);
  });

  it("remembers the language chosen on the switch before hydration", () => {
    const page = run();
    page.element("hindi").addEventListener("click", (e) => e.preventDefault());
    page.element("hindi").click();
    expect(page.window.document.cookie).toContain("t.lang=hi");
  });

  it("marks the help button's stub as pressed, and does not press it again at hydration", async () => {
    const page = run();
    const stub = page.element("stub");
    let presses = 0;
    stub.addEventListener("click", () => presses++);
    stub.click();
    expect(stub.dataset.open).toBe("");
    page.hydrate();
    await flush();
    expect(presses).toBe(1);
  });
});
