/**
 * The page script: what every page does in the browser without a framework
 * (issue 39, docs/decisions/0035-pages-without-a-framework.md). A page whose
 * route asks for it also runs React Router (root.tsx); this runs on every
 * page, hydrated or not, a module of a few kilobytes loaded with the page:
 *
 *   - the help button: draggable, shown 2 s after load (features/chat-widget),
 *     and Ask Tuesday's answers in its panel (features/help/help-panel.ts)
 *   - the particle field where a page has one, on the first interaction
 *   - the landing page view and its Core Web Vitals, when the browser is idle
 *     (the view at once if the visitor leaves first)
 *   - the spec's visit count (once per browser session)
 *   - what a redirect asks the next page to forget (`?signed-out=1`: the
 *     locally cached user; `?deleted=1`: also this browser's stats)
 *   - the spec's window-error notice, and the developer-tools guard where the
 *     site turns it on
 *   - the sign-in page's passkeys, popups, countdown and check-your-email
 *     watch (features/auth/auth-page.ts)
 *   - the keyboard of the account menu (features/layout/menu-keys.ts), and Tab
 *     kept inside the side menu (features/layout/dialog-focus.ts)
 *
 * What must work from the first byte (the theme, the overlay on a press, a
 * form's submitting words) is the inline boot script's (boot.ts).
 */
import { startChatButton } from "~/features/chat-widget/chat-button";
import { startDialogFocusWrap } from "~/features/layout/dialog-focus";
import { startMenuKeys } from "~/features/layout/menu-keys";
import { prefillContactMessage, startHelpPanel } from "~/features/help/help-panel";
import { reportLandingView } from "~/features/analytics/landing-view";
import { reportPageView } from "~/features/analytics/report-page-view";
import { browserSession, countVisit } from "~/features/profile/local-stats";
import { forgetOnArrival } from "~/features/profile/forget-on-arrival";
import { startParticles } from "~/features/particles/start-particles";
import { whenIdle } from "~/shared/lib/when-idle";

const html = document.documentElement;

// The sign-in page's own module, fetched by that page only (its passkey and popup code is no other page's weight).
if (document.querySelector("[data-auth-page]")) void import("~/features/auth/auth-page").then(({ startAuthPage }) => startAuthPage(document));
startChatButton(document);
startMenuKeys(document);
startDialogFocusWrap(document);
startHelpPanel(document);
if (/\/contact$/.test(location.pathname)) prefillContactMessage(document, location.search);

for (const box of document.querySelectorAll<HTMLElement>("[data-particles]")) startParticles(box);

// The landing view (a hydrated page reports its later views itself): its route pattern is the server's.
if (html.dataset.route && html.dataset.analytics !== undefined) {
  const route = html.dataset.route;
  const path = location.pathname;
  // Counted even if the visitor leaves before the browser is idle (landing-view.ts).
  reportLandingView(route, path, { schedule: (task) => whenIdle(task), report: reportPageView });
}

try {
  countVisit(localStorage, browserSession);
} catch {
  // storage unavailable (private mode, blocked): no visit count
}

const search = forgetOnArrival(location.search);
if (search !== null) history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);

// The spec alerts 'Error loading page' on any window error; a notice says it without stopping the page.
const errorText = html.dataset.errorNotice;
if (errorText) {
  let shown: HTMLElement | null = null;
  const notice = () => {
    if (shown) return;
    shown = Object.assign(document.createElement("p"), { role: "alert", textContent: errorText });
    shown.className = "fixed inset-x-4 bottom-4 z-[80] mx-auto max-w-sm rounded-xl bg-red-700 px-4 py-3 text-center text-sm font-medium text-white shadow-lift";
    document.body.append(shown);
    setTimeout(() => {
      shown?.remove();
      shown = null;
    }, 4000);
  };
  addEventListener("error", notice);
  addEventListener("unhandledrejection", notice);
}

const guard = html.dataset.devToolsGuard;
if (guard) void import("~/features/layout/dev-tools-guard").then(({ startDevToolsGuard }) => startDevToolsGuard(guard));
