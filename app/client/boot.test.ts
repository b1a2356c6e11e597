// @vitest-environment jsdom
import { beforeEach, describe, expect, test, vi } from "vitest";
import { boot } from "./boot";
import { TEST_BOOT_CONFIG as CONFIG } from "./boot-test-config";

// One boot per test file: its listeners are on the document, as in a page.
let booted = false;
beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.hydrated;
  if (!booted) boot(CONFIG);
  booted = true;
});

describe("the boot script", () => {
  test("a password field's switch shows and hides it, with the words of its state", () => {
    document.body.innerHTML = `
      <input id="pw" type="password" value="secret">
      <button type="button" data-password-toggle data-show-label="Show password" data-hide-label="Hide password"
        aria-label="Show password" aria-pressed="false" aria-controls="pw"><svg></svg></button>`;
    const input = document.getElementById("pw") as HTMLInputElement;
    const button = document.querySelector("button")!;
    button.querySelector("svg")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect([input.type, button.getAttribute("aria-pressed"), button.getAttribute("aria-label")]).toEqual(["text", "true", "Hide password"]);
    button.click();
    expect([input.type, button.getAttribute("aria-pressed"), button.getAttribute("aria-label")]).toEqual(["password", "false", "Show password"]);
  });

  test("a message dismissed by its ✕ leaves the focus on the page's content, not the document", () => {
    document.body.innerHTML = `
      <main id="main" tabindex="-1"><div role="status" data-dismissible>Saved.
        <label><input type="checkbox" aria-label="Dismiss message"><svg></svg></label></div>
        <input type="checkbox" id="other"></main>`;
    const other = document.getElementById("other") as HTMLInputElement;
    other.focus();
    other.click();
    expect(document.activeElement).toBe(other);
    const box = document.querySelector<HTMLInputElement>("[data-dismissible] input")!;
    box.focus();
    box.click();
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  test("a form that posts shows its submitting words on its button", () => {
    document.body.innerHTML = `<form method="post"><button type="submit" data-pending-label="Sending...">Send</button></form>`;
    const form = document.querySelector("form")!;
    const button = form.querySelector("button")!;
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button }));
    expect(button.textContent).toBe("Sending...");
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  test("a post's one-time key: made when it is sent, kept for the same post again, new when the content changed", () => {
    document.body.innerHTML = `<form method="post"><input name="message" value="Hello"><input type="hidden" name="_idempotency_key" value=""></form>`;
    const form = document.querySelector("form")!;
    const key = form.querySelector<HTMLInputElement>("[name=_idempotency_key]")!;
    const send = () => form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
    send();
    const first = key.value;
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    send();
    expect(key.value).toBe(first);
    form.querySelector<HTMLInputElement>("[name=message]")!.value = "Hello again";
    send();
    expect(key.value).not.toBe(first);
  });

  describe("the route change overlay, before the scripts", () => {
    beforeEach(() => {
      delete document.documentElement.dataset.navigating;
      sessionStorage.clear();
    });
    const submit = (html: string) => {
      document.body.innerHTML = html;
      const button = document.querySelector("button")!;
      const event = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button });
      (button.form ?? document.querySelector("form")!).dispatchEvent(event);
    };

    test("a GET form that asks for another view shows it and carries it to the next page", () => {
      submit(`<form method="get" class="contents"><input type="hidden" name="edit" value="1"><button type="submit">Edit Profile</button></form>`);
      expect(document.documentElement.dataset.navigating).toBe("");
      expect(Number(sessionStorage.getItem("overlay"))).toBeGreaterThan(Date.now());
    });

    test("a button that submits a GET form elsewhere (forms do not nest) counts too", () => {
      window.history.replaceState(null, "", "/profile?edit=1");
      submit(`<form method="post"><button type="submit" form="cancel">Cancel</button></form><form id="cancel" method="get" hidden></form>`);
      expect(document.documentElement.dataset.navigating).toBe("");
      window.history.replaceState(null, "", "/");
    });

    test("on a hydrated page, a link React Router takes: up at once, until the app takes it over or 1.4 s pass", async () => {
      vi.useFakeTimers();
      try {
        document.documentElement.dataset.hydrated = "true";
        document.body.innerHTML = `<a href="/profile/security">Security</a><a href="/pricing">Pricing</a>`;
        const [security, pricing] = [...document.querySelectorAll("a")];
        // React Router's own listener cancels the browser's navigation.
        document.addEventListener("click", (event) => event.preventDefault(), { once: true });
        security!.click();
        vi.advanceTimersByTime(0);
        expect(document.documentElement.dataset.navigating).toBe("pressed");
        expect(sessionStorage.getItem("overlay")).toBeNull();
        vi.advanceTimersByTime(1400);
        expect(document.documentElement.dataset.navigating).toBeUndefined();

        document.addEventListener("click", (event) => event.preventDefault(), { once: true });
        pricing!.click();
        vi.advanceTimersByTime(0);
        // The app's navigation commits and takes it over: it stays while that navigation lasts.
        document.documentElement.dataset.navigating = "";
        vi.advanceTimersByTime(1400);
        expect(document.documentElement.dataset.navigating).toBe("");
        delete document.documentElement.dataset.navigating;

        // Another view of this very page (the two-factor step's "Use a backup code"): no overlay.
        document.body.innerHTML = `<a href="?method=backup">Use a backup code</a>`;
        document.addEventListener("click", (event) => event.preventDefault(), { once: true });
        document.querySelector("a")!.click();
        vi.advanceTimersByTime(0);
        expect(document.documentElement.dataset.navigating).toBeUndefined();
      } finally {
        vi.useRealTimers();
        delete document.documentElement.dataset.hydrated;
      }
    });

    test("not for a post, nor for a GET form that asks for this very page", () => {
      submit(`<form method="post"><input name="message" value="Hi"><button type="submit">Send</button></form>`);
      submit(`<form method="get"><button type="submit">Again</button></form>`);
      expect(document.documentElement.dataset.navigating).toBeUndefined();
      expect(sessionStorage.getItem("overlay")).toBeNull();
    });
  });

  test("the footer's theme switch applies and the choice is on <html>", () => {
    document.body.innerHTML = `<input type="radio" name="theme" value="dark">`;
    const input = document.querySelector("input")!;
    input.checked = true;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.documentElement.dataset.theme).toBe("dark");
  });
});
