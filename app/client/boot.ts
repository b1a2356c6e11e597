/**
 * The page's first script: inline at the top of <head>, so it runs before the
 * first paint and listens from the first byte (issue 39: a press counts
 * whenever it comes). What it does needs no framework, on every page:
 *
 *   - the theme: the remembered choice on <html> before anything is drawn
 *     (`data-theme`), and the footer's switch run from the first press
 *     (docs/decisions/0026-dark-mode.md); `data-js` tells CSS scripts run;
 *   - the language: a press on the language link remembers the choice (the
 *     cookie the bare "/" reads), as the link's own script would;
 *   - the route change (spec: the page scrolls to the top and a loading
 *     overlay shows for about 1.4 s): a press on a link to another page of
 *     the site shows the overlay at once, and the next page keeps it until
 *     1.4 s have passed since the press; on a hydrated page React Router's
 *     own navigation does the same (features/layout/route-overlay.tsx);
 *   - a form that posts shows its submitting words ("Sending...") on its
 *     button (`data-pending-label`), unless the hydrated page handles it;
 *   - invoker commands (the side menu, the inbox's delete question) where a
 *     browser lacks them;
 *   - a password field's show/hide switch (`data-password-toggle`,
 *     shared/ui/field.tsx), hydrated page or not: the DOM holds its state,
 *     which a hydrated PasswordField reads and renders.
 *   - a post's one-time key (`idempotencyField`,
 *     shared/ui/idempotency-key-field.tsx): made when the form is sent, anew
 *     whenever what is sent changed, before any page's own handler reads it.
 *
 * It is a typed function, inlined as its own source (`bootScript`): it must
 * not use anything from outside its body. Its behaviour is tested in
 * boot.test.ts, in a DOM.
 */

export interface BootConfig {
  theme: { storageKey: string; inputName: string; changeEvent: string };
  language: { cookie: string; attributes: string; locales: readonly string[] };
  overlay: { ms: number; storageKey: string; skipPrefix: string };
  /** The hidden field of the site's forms that carries a post's one-time key. */
  idempotencyField: string;
}

/** Runs in the page (and in the tests), with the document's <html> and the window. */
export function boot(config: BootConfig, doc: Document = document, win: Window = window): void {
  const html = doc.documentElement;
  const { theme, language, overlay } = config;
  html.dataset.js = "";
  const hydrated = () => html.hasAttribute("data-hydrated");

  // ---- the theme ----
  const storedTheme = () => {
    try {
      const value = win.localStorage.getItem(theme.storageKey);
      return value === "light" || value === "dark" ? value : "system";
    } catch {
      return "system";
    }
  };
  const applyTheme = (choice: string) => {
    if (choice === "system") delete html.dataset.theme;
    else html.dataset.theme = choice;
  };
  const syncSwitch = () => {
    const choice = storedTheme();
    for (const input of doc.querySelectorAll<HTMLInputElement>(`input[name="${theme.inputName}"]`)) input.checked = input.value === choice;
  };
  applyTheme(storedTheme());
  doc.addEventListener("DOMContentLoaded", syncSwitch);
  doc.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement | null;
    if (!input || input.name !== theme.inputName) return;
    applyTheme(input.value);
    try {
      if (input.value === "system") win.localStorage.removeItem(theme.storageKey);
      else win.localStorage.setItem(theme.storageKey, input.value);
    } catch {
      // storage unavailable: the choice holds for this page
    }
    win.dispatchEvent(new Event(theme.changeEvent));
  });
  win.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== theme.storageKey) return;
    applyTheme(storedTheme());
    syncSwitch();
    win.dispatchEvent(new Event(theme.changeEvent));
  });

  // ---- the route change overlay ----
  const now = () => Date.now();
  // "held": the overlay a press on the page before put up, already on screen: no second fade-in (app.css).
  const showOverlayUntil = (until: number, held = false) => {
    html.dataset.navigating = held ? "held" : "";
    html.dataset.navigatingUntil = String(until);
    win.setTimeout(
      () => {
        // A later navigation keeps it for its own 1.4 s (its own timer ends it). Compared by deadline,
        // not by clock: a timer may fire a millisecond before Date.now() reaches the time it was set for.
        if (html.dataset.navigatingUntil !== String(until)) return;
        delete html.dataset.navigating;
        delete html.dataset.navigatingUntil;
      },
      Math.max(0, until - now()),
    );
  };
  try {
    const until = Number(win.sessionStorage.getItem(overlay.storageKey) ?? 0);
    win.sessionStorage.removeItem(overlay.storageKey);
    const path = win.location.pathname;
    if (until > now() && !path.startsWith(overlay.skipPrefix)) showOverlayUntil(until, true);
  } catch {
    // storage unavailable: the next page shows no overlay of its own
  }
  // Back and forward restore a page as it was left: without the overlay of the press that left it.
  win.addEventListener("pageshow", (event) => {
    if ((event as PageTransitionEvent).persisted) delete html.dataset.navigating;
  });

  const isOtherPage = (target: URL) => {
    if (target.origin !== win.location.origin) return false;
    if (target.pathname === win.location.pathname && target.search === win.location.search) return false;
    return !target.pathname.startsWith(overlay.skipPrefix) && !win.location.pathname.startsWith(overlay.skipPrefix);
  };
  /** The page is left for another (a link, a GET form): the overlay, carried to the next page. */
  const leaving = (event: Event, target: URL) => {
    const leave = () => {
      // A navigation React Router makes itself (a <Link> or <Form> cancels the browser's): the overlay at once,
      // "pressed", until the hydrated app's own (route-overlay.tsx) takes it over when its render of the
      // navigation commits, which on a slow phone comes hundreds of milliseconds later; gone after 1.4 s if
      // no navigation took it over (a press the app answered otherwise).
      if (event.defaultPrevented) {
        // Another view of this very page (`?method=backup`, a reload in place): no overlay, as the app shows none.
        if (html.dataset.navigating !== undefined || target.pathname === win.location.pathname) return;
        html.dataset.navigating = "pressed";
        win.setTimeout(() => {
          if (html.dataset.navigating === "pressed") delete html.dataset.navigating;
        }, overlay.ms);
        return;
      }
      const until = now() + overlay.ms;
      showOverlayUntil(until);
      try {
        win.sessionStorage.setItem(overlay.storageKey, String(until));
      } catch {
        // storage unavailable: the overlay shows until the next page replaces this one
      }
    };
    // On a page without React Router nobody else answers: at once. On a hydrated one, once every
    // listener has had the press (React's come after this one), to see whether it was cancelled.
    if (hydrated()) win.setTimeout(leave, 0);
    else leave();
  };

  doc.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>("a[href]");
      if (!link) return;
      // The language link remembers the choice, whoever answers the press.
      if (link.hreflang && language.locales.includes(link.hreflang) && link.origin === win.location.origin) {
        const secure = win.location.protocol === "https:" ? "; Secure" : "";
        doc.cookie = `${language.cookie}=${link.hreflang}; ${language.attributes}${secure}`;
      }
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const destination = new URL(link.href);
      if (link.target === "_blank" || link.hasAttribute("download") || !isOtherPage(destination)) return;
      leaving(event, destination);
    },
    false,
  );

  // A GET form asks for another view (a search; Edit Profile before the scripts: `?edit=1`).
  doc.addEventListener("submit", (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    const submitter = (event as SubmitEvent).submitter;
    const method = (submitter?.getAttribute("formmethod") ?? form?.getAttribute("method") ?? "get").toLowerCase();
    if (!form || method !== "get" || form.target === "_blank") return;
    const target = new URL(submitter?.getAttribute("formaction") ?? form.action, win.location.href);
    target.search = new URLSearchParams(
      [...new FormData(form, submitter)].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
    ).toString();
    if (isOtherPage(target)) leaving(event, target);
  });

  // ---- a form's submitting words ----
  doc.addEventListener("submit", (event) => {
    if (hydrated() || event.defaultPrevented) return;
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter;
    const button = submitter instanceof HTMLButtonElement ? submitter : form.querySelector<HTMLButtonElement>("button[type=submit][data-pending-label]");
    const label = button?.dataset.pendingLabel;
    if (!button || !label) return;
    button.textContent = label;
    button.setAttribute("aria-busy", "true");
  });

  // ---- a password field's show/hide switch ----
  // Captured, so it has switched before React sees the press: a hydrated PasswordField reads the
  // field's type in its own click handler (shared/ui/field.tsx) and renders what this set.
  doc.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-password-toggle]") : null;
      const input = button ? doc.getElementById(button.getAttribute("aria-controls") ?? "") : null;
      if (!button || !(input instanceof HTMLInputElement)) return;
      const show = input.type === "password";
      input.type = show ? "text" : "password";
      button.setAttribute("aria-pressed", String(show));
      button.setAttribute("aria-label", (show ? button.dataset.hideLabel : button.dataset.showLabel) ?? "");
    },
    true,
  );

  // ---- a message dismissed by its ✕ (a checkbox; CSS hides the banner) ----
  // The focus was on the checkbox, which is gone with the banner: give it to the
  // page's content (focusable, the skip link's target) instead of the document.
  doc.addEventListener("change", (event) => {
    const box = event.target instanceof HTMLInputElement && event.target.type === "checkbox" ? event.target : null;
    if (!box?.checked || !box.closest("[data-dismissible]")) return;
    doc.getElementById("main")?.focus({ preventScroll: true });
  });

  // ---- a post's one-time key ----
  // A retry of the same post (a timeout, a second press) carries the same key and is stored once; a
  // post with other content gets a new one. Captured, so it is set before React Router reads the form.
  const sentContent = new WeakMap<HTMLFormElement, string>();
  doc.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const input = form.querySelector<HTMLInputElement>(`input[name="${config.idempotencyField}"]`);
      if (!input) return;
      const content = JSON.stringify([...new FormData(form)].filter(([name, value]) => name !== config.idempotencyField && typeof value === "string"));
      if (content !== sentContent.get(form) || !input.value) {
        // randomUUID needs a secure context; a development server on a LAN address is not one.
        const bytes = win.crypto.getRandomValues(new Uint8Array(16));
        input.value =
          typeof win.crypto.randomUUID === "function" ? win.crypto.randomUUID() : Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      }
      sentContent.set(form, content);
    },
    true,
  );

  // ---- invoker commands where the browser has none (the side menu's dialog) ----
  if (!("command" in HTMLButtonElement.prototype)) {
    doc.addEventListener("click", (event) => {
      if (hydrated()) return;
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[commandfor]") : null;
      const dialog = button ? doc.getElementById(button.getAttribute("commandfor") ?? "") : null;
      if (!(dialog instanceof HTMLDialogElement)) return;
      const command = button!.getAttribute("command");
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      else if (command === "close" && dialog.open) dialog.close();
    });
  }
}

/** The inline script: `boot` as its own source, called with the page's configuration. */
export function bootScript(config: BootConfig): string {
  // JSON for inside a <script>: no "<" (no "</script>"), no line separators.
  const json = JSON.stringify(config)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `(${boot.toString()})(${json});`;
}
