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
 * waits for the visitor's first move (a pointer press or a mouse moving, a
 * touch, a key, a wheel, focus moving into the page) before it fetches them.
 * A visit that only reads fetches no module at all.
 *
 * What the page does before that without React Router, in the same script:
 *
 * - A press on a button only a script can answer (`type="button"`, not an
 *   invoker command the browser runs itself) is remembered and pressed again
 *   once the page is hydrated: the tap that woke it is not lost. Links and
 *   submit buttons need nothing: the browser follows and posts them.
 * - The help widget's button (spec: 2 s after load) is drawn by the page as a
 *   plain button (`[data-chat-stub]`, features/chat-widget) and shown here
 *   2 s after load; a press on it wakes the page and opens the widget.
 * - The landing page view is reported when the browser is idle after load
 *   (the analytics reporter's own module, `landed`), as the hydrated page
 *   would have: a visit that never touches the page is counted too.
 *
 * `intentWake` opens the bootstrap, `INTENT_WAIT` follows its first-paint
 * wait, `INTENT_HANDOVER` comes right before it starts React (whose own
 * listeners take every press from then on, so none is answered twice).
 */
/**
 * A route's `handle` that opts out: a page whose script has work of its own to
 * do at once (the OAuth popup's hand-over to its opener) hydrates right after
 * its first paint, like a signed-in page.
 */
export interface HydrationHandle {
  hydrateAtOnce?: boolean;
}

/** What wakes the page: the first sign of a visitor doing something with it. */
export const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "focusin"] as const;

export interface IntentOptions {
  /**
   * The landing page view: the analytics reporter's module (a hashed asset) and
   * the page's route pattern (as `/blog/:slug`); none in a build without one.
   */
  pageView?: { reporter: string; route: string };
  /** The help widget's button: when it is due after load (the spec's 2 s), and where a visitor left it. */
  chat: { delayMs: number; positionKey: string; size: number; margin: number };
}

/**
 * The bootstrap's first part: it listens from the moment the page is parsed
 * (a press during the first-paint and font waits counts), and remembers a
 * press; `INTENT_WAIT` then waits for the first move. Written small by hand
 * (every prerendered page carries it, and the Hindi home must fit a new
 * connection's first flight: ADR 0032). Read as:
 *
 *   P: the landing path; h: <html>; s: the help button's stub; y(): hydrated yet?
 *   p: the button pressed before hydration; r: still recording presses
 *   a click on a script-only button (type=button, not disabled, not the stub,
 *     not an invoker command the browser runs itself) is remembered in p;
 *   once <html data-hydrated>: p is pressed again;
 *   l() after load: the landing page view when idle, the stub shown at 2 s
 *     (where the visitor left the widget, if they moved it) unless hydrated
 *     by then; a press on the stub marks it data-open;
 *   w: the first of INTENT_EVENTS (a pointer move only from a mouse).
 */
export function intentWake({ pageView, chat }: IntentOptions): string {
  // Where the visitor left the button (features/chat-widget/position.ts's loadPosition and clamp, in short).
  const place =
    `try{const q=JSON.parse(localStorage.getItem(${JSON.stringify(chat.positionKey)})),c=(v,m)=>Math.round(Math.min(Math.max(v,${chat.margin}),Math.max(${chat.margin},m-${chat.size + chat.margin})));` +
    `if(q)Object.assign(s.style,{left:c(q.x,innerWidth)+"px",top:c(q.y,innerHeight)+"px",right:"auto",bottom:"auto"})}catch{}`;
  const report = pageView
    ? `(window.requestIdleCallback??setTimeout)(()=>import(${JSON.stringify(pageView.reporter)}).then(m=>m.landed(${JSON.stringify(pageView.route)},P),()=>{}),{timeout:3e3});`
    : "";
  return (
    `const intent=(()=>{const P=location.pathname,h=document.documentElement,s=document.querySelector("[data-chat-stub]"),y=()=>h.hasAttribute("data-hydrated"),E=${JSON.stringify(INTENT_EVENTS)};let p=null,r=1;` +
    `addEventListener("click",e=>{const b=r&&e.target instanceof Element?e.target.closest("button"):null;` +
    `if(b&&b.type=="button"&&!b.disabled&&b!=s&&!(b.hasAttribute("commandfor")&&"command"in HTMLButtonElement.prototype))p=b},!0);` +
    `new MutationObserver((_,o)=>{if(y()){o.disconnect();p?.isConnected&&p.click()}}).observe(h,{attributeFilter:["data-hydrated"]});` +
    `const l=()=>{${report}s&&setTimeout(()=>{if(!y()){${place}s.hidden=!1}},${chat.delayMs})};` +
    `s?.addEventListener("click",()=>{s.dataset.open=""});` +
    `document.readyState=="complete"?l():addEventListener("load",l,{once:!0});` +
    `const w=new Promise(g=>{const k=e=>{if(e.type=="pointermove"&&e.pointerType!="mouse")return;for(const t of E)removeEventListener(t,k,!0);g()};` +
    `for(const t of E)addEventListener(t,k,{capture:!0,passive:!0})});` +
    `return{woken:w,handOver:()=>{r=0}}})();`
  );
}

/** After the first paint: the wait itself. */
export const INTENT_WAIT = "await intent.woken;";

/** Right before React starts: its listeners answer presses from here on. */
export const INTENT_HANDOVER = "intent.handOver();";
