// @vitest-environment jsdom
/**
 * The help panel's form in the page (help-panel.ts): a question of spaces
 * stays in the panel with a word of what to do, where the plain form would
 * leave for an empty /help page; a question is asked here, not posted away.
 */
import { afterEach, expect, it, vi } from "vitest";
import { startHelpPanel } from "./help-panel";

const WORDS = { empty: "Type a question first.", asking: "Looking it up...", tooLong: "Too long.", rateLimited: "Wait.", failed: "Failed." };

function panel() {
  document.body.innerHTML = `
    <form method="get" action="/help" data-help-form><input name="q" /><button type="submit">Ask</button></form>
    <div data-help-answer data-words='${JSON.stringify(WORDS)}'></div>`;
  startHelpPanel(document);
  return {
    input: document.querySelector<HTMLInputElement>("input[name=q]")!,
    submit: () => document.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true })),
    answer: () => document.querySelector("[data-help-answer]")!.textContent,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

it("keeps a question of spaces in the panel, says what to do and puts the cursor back", () => {
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  const { input, submit, answer } = panel();
  input.value = "   ";
  expect(submit()).toBe(false);
  expect(answer()).toBe(WORDS.empty);
  expect(document.activeElement).toBe(input);
  expect(fetch).not.toHaveBeenCalled();
});

it("asks a question in the panel instead of leaving the page", () => {
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal("fetch", fetch);
  const { input, submit, answer } = panel();
  input.value = "  How much is the Student plan? ";
  expect(submit()).toBe(false);
  expect(answer()).toBe(WORDS.asking);
  expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toMatchObject({ q: "How much is the Student plan?" });
});
