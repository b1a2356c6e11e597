/**
 * What the help button does beyond its markup (chat-widget.tsx), with no
 * framework: it is shown 2 s after load (the spec) once it can be dragged,
 * where the visitor left it; a mouse or a finger drags it (a press that moves
 * less than DRAG_THRESHOLD px is a press, and opens the panel natively), the
 * arrow keys move it; it stays inside the viewport and remembers its spot;
 * the panel opens beside it, with the focus inside.
 */
import { CHAT_BUTTON_DELAY_MS } from "./delay";
import { clamp, defaultPosition, loadPosition, panelPlacement, type Point, savePosition } from "./position";

/** Pointer travel (px) that turns a press into a drag. */
const DRAG_THRESHOLD = 6;
const KEY_STEP = 16;

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

export function startChatButton(doc: Document = document): void {
  const button = doc.querySelector<HTMLButtonElement>("[data-chat-button]");
  const panelId = button?.getAttribute("popovertarget");
  const panel = panelId ? doc.getElementById(panelId) : null;
  if (!button || !panel || button.dataset.started !== undefined) return;
  button.dataset.started = "";

  // The visitor's chosen spot is kept as chosen; what is shown is that spot clamped to the current viewport,
  // so a viewport that shrinks for a moment (an on-screen keyboard, a rotation) does not move it for good.
  const key = button.dataset.positionKey ?? "chatWidget.position";
  let preferred: Point | null = loadPosition(key);
  const shown = () => clamp(preferred ?? defaultPosition(viewport()), viewport());
  const place = () => {
    const { x, y } = shown();
    Object.assign(button.style, { left: `${x}px`, top: `${y}px`, right: "auto", bottom: "auto" });
    if (panel.matches(":popover-open")) placePanel();
  };
  const placePanel = () => {
    const rect = panel.getBoundingClientRect();
    const at = panelPlacement(shown(), { width: rect.width, height: rect.height }, viewport());
    Object.assign(panel.style, { left: `${at.x}px`, top: `${at.y}px`, right: "auto", bottom: "auto" });
  };
  const moveTo = (next: Point, persist: boolean) => {
    preferred = clamp(next, viewport());
    place();
    if (persist) savePosition(key, preferred);
  };

  let drag: { pointerId: number; start: Point; origin: Point; moved: boolean } | null = null;
  button.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    drag = { pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, origin: shown(), moved: false };
    button.setPointerCapture?.(event.pointerId);
  });
  button.addEventListener("pointermove", (event) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.start.x;
    const dy = event.clientY - drag.start.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    drag.moved = true;
    moveTo({ x: drag.origin.x + dx, y: drag.origin.y + dy }, false);
  });
  button.addEventListener("pointerup", (event) => {
    const d = drag;
    if (!d || d.pointerId !== event.pointerId) return;
    drag = null;
    if (!d.moved) return;
    moveTo({ x: d.origin.x + event.clientX - d.start.x, y: d.origin.y + event.clientY - d.start.y }, true);
    // The click that follows a drag must not toggle the panel.
    const swallow = (e: Event) => {
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    button.addEventListener("click", swallow, { capture: true, once: true });
    window.setTimeout(() => button.removeEventListener("click", swallow, { capture: true }), 0);
  });
  button.addEventListener("pointercancel", () => (drag = null));
  button.addEventListener("keydown", (event) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const delta: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    const { x, y } = shown();
    moveTo({ x: x + d.x, y: y + d.y }, true);
  });

  panel.addEventListener("toggle", (event) => {
    if ((event as ToggleEvent).newState !== "open") return;
    placePanel();
    // The toggle event comes a task after the panel opened: a visitor who already moved into it (the
    // question box) keeps their focus. The panel itself, not the box: on a phone that would raise the keyboard.
    if (!panel.contains(document.activeElement)) panel.focus();
  });
  window.addEventListener("resize", place);

  place();
  // 2 s after the page began to load (the spec), or now if that has passed: draggable from the moment it shows.
  window.setTimeout(() => (button.dataset.ready = ""), Math.max(0, CHAT_BUTTON_DELAY_MS - performance.now()));
}
