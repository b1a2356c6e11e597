/**
 * The sign-in page in the browser, with no framework (ADR 0045): its forms
 * post and the /auth action answers with the page, with or without this
 * module. What only a script can do is here, and each control that needs it
 * is in the page from the first paint with its place kept, shown once it
 * works (issue 39):
 *
 *   - "Sign in with a passkey", and the passkeys the browser offers in the
 *     email field (WebAuthn, passkey-client.ts);
 *   - Google and GitHub in the spec's 500×600 popup: the press opens the
 *     popup and the form posts into it (social-sign-in.ts); a blocked popup
 *     leaves the post to this window, as without JavaScript;
 *   - the local "rememberDevice" flag of a sign-in;
 *   - the resend button's countdown (resend-countdown.ts);
 *   - the check-your-email view noticing that its link has signed this
 *     browser in (another tab), and moving on.
 *
 * The page names what it needs in `data-*` attributes (auth-form.tsx), in
 * its own language.
 */
import { fill } from "~/shared/i18n/fill";
import { authenticateWithPasskey, type PasskeyResult, type PasskeyWords } from "./passkey-client";
import { startResendCountdown } from "./resend-countdown";
import { LINK_NEEDS_TWO_FACTOR, openPopup, waitForPopup } from "./social-sign-in";
import { REMEMBER_DEVICE_KEY } from "./user-cache";
import type { ProviderId } from "./messages";

/** How often the check-your-email view asks whether its link was opened, while the tab is looked at. */
const VERIFY_CHECK_MS = 5_000;

export function startAuthPage(doc: Document = document): void {
  const page = doc.querySelector<HTMLElement>("[data-auth-page]");
  if (!page || page.dataset.started !== undefined) return;
  page.dataset.started = "";
  const notices = noticeArea(page);

  rememberDevice(page);
  startPasskeys(page, notices);
  startPopups(page, notices);
  for (const button of page.querySelectorAll<HTMLButtonElement>("button[data-resend-wait]")) startResendCountdown(button);
  if (page.querySelector("[data-verify-watch]")) watchVerification(doc);
}

/** Where the page's messages go: a script's message replaces the one shown, and takes the focus (as the server's does). */
function noticeArea(page: HTMLElement) {
  const slot = page.querySelector<HTMLElement>("[data-notice-slot]");
  const template = page.querySelector<HTMLTemplateElement>("template[data-notice-template]");
  return {
    show(text: string) {
      if (!slot || !template) return;
      const notice = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
      notice.querySelector("[data-notice-text]")!.textContent = text;
      slot.replaceChildren(notice);
      notice.focus();
    },
    clear() {
      slot?.replaceChildren();
    },
  };
}

type Notices = ReturnType<typeof noticeArea>;

/** The spec's local 'rememberDevice' flag, set by a sign-in; the session cookie itself is the server's. */
function rememberDevice(page: HTMLElement) {
  const form = page.querySelector<HTMLFormElement>("form[data-remember]");
  form?.addEventListener("submit", () => {
    try {
      if (new FormData(form).get("remember") === "on") localStorage.setItem(REMEMBER_DEVICE_KEY, "true");
      else localStorage.removeItem(REMEMBER_DEVICE_KEY);
    } catch {
      // storage unavailable: the flag is informational
    }
  });
}

/** Shows an element kept in its place, invisible, until this script could make it work. */
function reveal(element: HTMLElement) {
  element.classList.remove("invisible");
  element.removeAttribute("aria-hidden");
  if (element instanceof HTMLButtonElement) element.disabled = false;
}

function startPasskeys(page: HTMLElement, notices: Notices) {
  const button = page.querySelector<HTMLButtonElement>("button[data-passkey]");
  // WebAuthn is what makes the button work: without it the button stays hidden, and so does an "or" that waits for it.
  if (!button || typeof window.PublicKeyCredential !== "function") return;
  const words = JSON.parse(button.dataset.words ?? "{}") as PasskeyWords;
  const done = (result: PasskeyResult) => {
    if (result.ok) location.assign(page.dataset.afterSignIn ?? "/home");
    else if (!result.cancelled) notices.show(result.message);
  };

  // The browser's passkey suggestions in the email field (conditional mediation), started on its first focus.
  let autofill: AbortController | null = null;
  page.querySelector<HTMLInputElement>("input[data-passkey-autofill]")?.addEventListener(
    "focus",
    () => {
      const controller = (autofill = new AbortController());
      void authenticateWithPasskey({ autofill: true, signal: controller.signal, t: words }).then((result) => {
        if (!controller.signal.aborted) done(result);
      });
    },
    { once: true },
  );

  const label = button.querySelector("[data-label]");
  const idle = label?.textContent ?? "";
  button.addEventListener("click", async () => {
    // One WebAuthn prompt at a time: the button's replaces the field's suggestions.
    autofill?.abort();
    notices.clear();
    button.disabled = true;
    if (label) label.textContent = button.dataset.busyLabel ?? idle;
    const result = await authenticateWithPasskey({ t: words });
    button.disabled = false;
    if (label) label.textContent = idle;
    done(result);
  });
  for (const waiting of page.querySelectorAll<HTMLElement>("[data-waits-for-passkey]")) reveal(waiting);
  reveal(button);
}

/**
 * A configured provider's button opens the popup inside the press (browsers
 * allow popups only there) and lets its form post into it: the action sends
 * the popup to the provider, and /auth/complete reports back and closes it.
 */
function startPopups(page: HTMLElement, notices: Notices) {
  const form = page.querySelector<HTMLFormElement>("form[data-social]");
  const via = form?.querySelector<HTMLInputElement>("input[name=via]");
  if (!form || !via) return;
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    const provider = button instanceof HTMLButtonElement ? (button.value as ProviderId) : null;
    // Not configured here: the action says so, as without JavaScript.
    if (!provider || button?.dataset.configured === undefined) return;
    const popup = openPopup();
    // Blocked: the same window goes to the provider and comes back (the action's default).
    if (!popup) return;
    notices.clear();
    form.target = popup.name;
    via.value = "popup";
    const buttons = [...form.querySelectorAll<HTMLButtonElement>("button[name=provider]")];
    // The post has been taken: the next press starts from the defaults again, once this popup is done.
    setTimeout(() => {
      form.removeAttribute("target");
      via.value = "redirect";
      for (const each of buttons) each.disabled = true;
      button?.setAttribute("aria-busy", "true");
    });
    void waitForPopup(popup, provider).then((outcome) => {
      for (const each of buttons) each.disabled = false;
      button?.removeAttribute("aria-busy");
      if (outcome === "success") location.assign(page.dataset.afterSignIn ?? "/home");
      else if (outcome === "two-factor") location.assign(page.dataset.twoFactor ?? "/auth/two-factor");
      // Words the server has for it: the page again, as after a sign-in in this window.
      else if (outcome === "link-needs-two-factor") {
        const next = new URL(location.href);
        next.searchParams.set("error", LINK_NEEDS_TWO_FACTOR);
        next.searchParams.set("provider", provider);
        location.assign(next.href);
      } else notices.show(fill(form.dataset.failedWords ?? "", { provider: button?.dataset.providerName ?? provider }));
    });
  });
}

/**
 * The link in the mail signs in the browser it is opened in (a new tab of
 * this one, usually): while this tab is looked at, it asks every few seconds
 * (and when looked at again) whether it is signed in now, and then reloads,
 * which the /auth loader answers by sending it on. Without JavaScript a
 * reload does the same.
 */
function watchVerification(doc: Document) {
  let asking = false;
  const check = async () => {
    if (asking || doc.visibilityState !== "visible") return;
    asking = true;
    const session = (await fetch("/api/auth/get-session", { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)) as { user?: { emailVerified?: boolean } } | null;
    asking = false;
    // The address without the post this view may be the answer to (a resend): the loader sends a signed-in visitor on.
    if (session?.user?.emailVerified) location.replace(location.pathname + location.search);
  };
  setInterval(check, VERIFY_CHECK_MS);
  doc.addEventListener("visibilitychange", check);
  addEventListener("focus", check);
}
