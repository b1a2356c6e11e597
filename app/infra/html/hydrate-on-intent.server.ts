/**
 * Hydration on intent (docs/decisions/0005-initial-javascript-budget.md).
 *
 * A page rendered for nobody in particular (no signed-in viewer, no message to
 * show once: every prerendered page, and the public pages rendered on demand)
 * can be read, scrolled, followed and submitted without JavaScript: its links
 * are links, its forms post, the side menu is a <dialog> opened by an invoker
 * command, the theme switch is run by the inline theme script. Its scripts
 * (~125 KB gzip, ~100 of them React and React Router) are needed only for
 * what a visitor then does with it. So its bootstrap, after the first paint,
 * waits for the visitor's first move (a press, a key, focus moving into the
 * page, a mouse moving: INTENT_EVENTS) before it fetches them. A visit that
 * only reads and scrolls fetches the analytics reporter and nothing else.
 *
 * What the page does before that without React Router, in the same script:
 *
 * - A press on a button only a script can answer (`type="button"`, not an
 *   invoker command the browser runs itself) is remembered and pressed again
 *   once the page is hydrated: the tap that woke it is not lost. Links and
 *   submit buttons need nothing: the browser follows and posts them (a press
 *   on the language switch also remembers the choice, as its script would).
 * - The help widget's button (spec: 2 s after load) is drawn by the page as a
 *   plain button (`[data-chat-stub]`, features/chat-widget) and shown here
 *   2 s after load; a press on it wakes the page and opens the widget.
 * - The landing page view is reported when the browser is idle after load
 *   (the analytics reporter's own module, `landed`), as the hydrated page
 *   would have: a visit that never touches the page is counted too.
 *
 * `intentWake` opens the bootstrap and `INTENT_WAIT` follows its first-paint
 * wait; React's own listeners take every press from the moment it starts
 * (app/entry.client.tsx marks it), so none is answered twice.
 */
import { REACT_LISTENS } from "~/shared/lib/react-listens";

/**
 * A route's `handle` that opts out: a page whose script has work of its own to
 * do at once (the OAuth popup's hand-over to its opener; a check-your-inbox
 * page that watches for the link and counts down to the next resend; a notice
 * that takes the focus) hydrates right after its first paint, like a signed-in
 * page. A function decides from the route's loader data.
 */
export interface HydrationHandle {
  hydrateAtOnce?: boolean | ((loaderData: unknown) => boolean);
}

/**
 * What wakes the page: a press (a click: a tap, a mouse button, Enter or Space
 * on a button, and what assistive technology sends), a key, focus moving into
 * the page, a mouse moving. Not a touch or a wheel alone: a phone's reader who
 * scrolls fetches nothing. Not a press on a link or a submit button, which the
 * browser answers by leaving the page (the scripts would only compete with the
 * next page for the line).
 */
export const INTENT_EVENTS = ["click", "keydown", "focusin", "pointermove"] as const;

export interface IntentOptions {
  /**
   * The landing page view: the analytics reporter's module (a hashed asset) and
   * the page's route pattern (as `/blog/:slug`); none in a build without one.
   */
  pageView?: { reporter: string; route: string };
  /** The help widget's button: when it is due after load (the spec's 2 s), and where a visitor left it. */
  chat: { delayMs: number; positionKey: string; size: number; margin: number };
  /** The language switch's cookie (shared/i18n/language-choice.ts), set by a press on it before hydration too. */
  language: { cookie: string; attributes: string; locales: readonly string[] };
}

/** JSON for inside a <script>: no "<" (no "</script>"), no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * The bootstrap's first part: it listens from the moment the page is parsed
 * (a press during the first-paint and font waits counts), and remembers a
 * press; `INTENT_WAIT` then waits for the first move. Written small by hand
 * (every prerendered page carries it, and the Hindi home must fit a new
 * connection's first flight: ADR 0032). Read as:
 *
 *   P: the landing path; h: <html>; s: the help button's stub; y(): hydrated yet?
 *   L(): React listens (entry.client.tsx marks the window right before it starts)
 *   p: the button pressed before React listened, pressed again once <html
 *     data-hydrated>; a later press React answered clears it;
 *   a click on a script-only button (type=button, enabled, not the stub, not
 *     an invoker command or popover target the browser runs itself) is p;
 *     a click on the language switch remembers the choice (its cookie);
 *   l() at load: the landing page view when idle, and the stub shown at 2 s (where the
 *     widget would stand: where the visitor left it, else bottom right)
 *     unless hydrated by then; a press on the stub marks it data-open;
 *   w: the first of INTENT_EVENTS not on a link or a submit button (a pointer
 *     move only from a mouse).
 */
export function intentWake({ pageView, chat, language }: IntentOptions): string {
  // When the browser is idle after load (shared/lib/when-idle.ts's fallback where it cannot say): a
  // request begun before the largest paint is counted into it (Lighthouse: /contact 1.10× its copy at load).
  const report = pageView
    ? `const i=()=>import(${scriptJson(pageView.reporter)}).then(m=>m.landed(${scriptJson(pageView.route)},P),()=>{});window.requestIdleCallback?requestIdleCallback(i,{timeout:3e3}):setTimeout(i,1500);`
    : "";
  // features/chat-widget/position.ts's loadPosition, defaultPosition and clamp, in short.
  const place =
    `let q={x:innerWidth,y:innerHeight};try{q=JSON.parse(localStorage.getItem(${scriptJson(chat.positionKey)}))||q}catch{}` +
    `const c=(v,m)=>Math.round(Math.min(Math.max(v,${chat.margin}),Math.max(${chat.margin},m-${chat.size + chat.margin})));` +
    `Object.assign(s.style,{left:c(q.x,innerWidth)+"px",top:c(q.y,innerHeight)+"px",right:"auto",bottom:"auto"});`;
  const remember = `document.cookie=${scriptJson(`${language.cookie}=`)}+a.hreflang+${scriptJson(`; ${language.attributes}`)}+(location.protocol=="https:"?"; Secure":"")`;
  return (
    `const intent=(()=>{const P=location.pathname,h=document.documentElement,s=document.querySelector("[data-chat-stub]"),y=()=>h.hasAttribute("data-hydrated"),` +
    `L=()=>window[${scriptJson(REACT_LISTENS)}],E=${scriptJson(INTENT_EVENTS)};let p=null;` +
    `addEventListener("click",e=>{const t=e.target instanceof Element?e.target:null,a=t?.closest("a[hreflang]"),b=t?.closest("button");` +
    `if(a&&${scriptJson(language.locales)}.includes(a.hreflang)&&a.origin==location.origin)try{${remember}}catch{}` +
    `if(L()){p=null;return}` +
    `if(b&&b.type=="button"&&!b.disabled&&b!=s&&!b.hasAttribute("popovertarget")&&!(b.hasAttribute("commandfor")&&"command"in HTMLButtonElement.prototype))p=b},!0);` +
    `new MutationObserver((_,o)=>{if(y()){o.disconnect();p?.isConnected&&p.click()}}).observe(h,{attributeFilter:["data-hydrated"]});` +
    `const l=()=>{${report}s&&setTimeout(()=>{if(!y()){${place}s.hidden=!1}},${chat.delayMs})};` +
    `s?.addEventListener("click",()=>{s.dataset.open=""});` +
    `document.readyState=="complete"?l():addEventListener("load",l,{once:!0});` +
    `const w=new Promise(g=>{const k=e=>{if(e.type=="pointermove"&&e.pointerType!="mouse"||e.target instanceof Element&&e.target.closest("a[href],[type=submit]"))return;` +
    `for(const t of E)removeEventListener(t,k,!0);g()};for(const t of E)addEventListener(t,k,{capture:!0,passive:!0})});` +
    `return{woken:w}})();`
  );
}

/** After the first paint: the wait itself. */
export const INTENT_WAIT = "await intent.woken;";
