import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { site } from "~/config/site";
import { chat } from "~/shared/i18n/catalog/chat";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { cn } from "~/shared/lib/cn";
import { Icon } from "~/shared/ui/icon";
import { shownChatStub } from "./chat-button-stub";
import { CHAT_BUTTON_CLASS } from "./look";
import { CHAT_BUTTON_SIZE, clamp, defaultPosition, loadPosition, panelPlacement, type Point, savePosition } from "./position";

/** Pointer travel (px) that turns a press into a drag. */
const DRAG_THRESHOLD = 6;
const KEY_STEP = 16;

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The floating help button and its panel (spec section 2). The button can be
 * dragged with a mouse or a finger, and moved with the arrow keys; it stays
 * inside the viewport and remembers where it was left. The panel closes on a
 * press outside it and on Escape.
 */
export default function ChatWidget() {
  // The visitor's chosen spot is kept as chosen; what is shown is that spot
  // clamped to the current viewport, so a viewport that shrinks for a moment
  // (an on-screen keyboard, a rotation) does not move it for good.
  const [preferred, setPreferred] = useState<Point | null>(loadPosition);
  const [size, setSize] = useState(viewport);
  const position = clamp(preferred ?? defaultPosition(size), size);
  const { x, y } = position;
  // Pressed as the page's stub, before this code was here: open at once (chat-button-stub.tsx).
  const [open, setOpen] = useState(() => shownChatStub()?.dataset.open !== undefined);
  const t = { ...useMessages("chat", chat), open: useMessages("shell", shell).chatOpen };
  const localize = useLocalize();
  const [panelAt, setPanelAt] = useState<Point | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; start: Point; origin: Point; moved: boolean } | null>(null);
  const titleId = useId();
  const panelId = useId();
  const hintId = useId();

  const moveTo = useCallback((next: Point, persist: boolean) => {
    const clamped = clamp(next, viewport());
    setPreferred(clamped);
    if (persist) savePosition(clamped);
  }, []);

  // The widget takes the stub's place, and its focus if a keyboard had brought it there.
  useEffect(() => {
    const stub = shownChatStub();
    if (!stub) return;
    const focused = document.activeElement === stub;
    stub.hidden = true;
    if (focused && !open) button.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the widget first stands in the stub's place
  }, []);

  useEffect(() => {
    const onResize = () => setSize(viewport());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  // Place the panel once its size is known, before it is painted.
  useLayoutEffect(() => {
    if (!open || !panel.current) {
      setPanelAt(null);
      return;
    }
    const rect = panel.current.getBoundingClientRect();
    setPanelAt(panelPlacement({ x, y }, { width: rect.width, height: rect.height }, viewport()));
  }, [open, x, y]);

  // Focus moves into the panel once it is placed: while it is still being measured it is
  // `visibility: hidden`, and a hidden element cannot take focus.
  const placed = panelAt !== null;
  useEffect(() => {
    if (open && placed) panel.current?.focus();
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || button.current?.contains(target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const onPointerDown = (event: React.PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, origin: position, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: React.PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dx = event.clientX - d.start.x;
    const dy = event.clientY - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    moveTo({ x: d.origin.x + dx, y: d.origin.y + dy }, false);
  };

  const onPointerUp = (event: React.PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (d.moved) {
      moveTo({ x: d.origin.x + event.clientX - d.start.x, y: d.origin.y + event.clientY - d.start.y }, true);
      // The click that follows a drag must not toggle the panel.
      const swallow = (e: Event) => {
        e.stopPropagation();
        e.preventDefault();
      };
      event.currentTarget.addEventListener("click", swallow, { capture: true, once: true });
      window.setTimeout(() => button.current?.removeEventListener("click", swallow, { capture: true }), 0);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
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
    moveTo({ x: position.x + d.x, y: position.y + d.y }, true);
  };

  const { messagingAssistant, socialAssistant, supportPage } = site.chatWidget;
  const links = [
    { href: messagingAssistant.href, label: t.messagingAssistant, icon: "message-circle" as const, external: true },
    { href: socialAssistant.href, label: t.socialAssistant, icon: "send" as const, external: true },
    { href: localize(supportPage.href), label: t.supportPage, icon: "mail" as const, external: false },
  ];

  return (
    <>
      <button
        ref={button}
        type="button"
        data-testid="chat-button"
        aria-label={open ? t.close : t.open}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-describedby={hintId}
        onClick={() => setOpen((o) => !o)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        style={{ left: position.x, top: position.y, width: CHAT_BUTTON_SIZE, height: CHAT_BUTTON_SIZE, touchAction: "none" }}
        className={CHAT_BUTTON_CLASS}
      >
        <Icon name={open ? "x" : "message-circle"} className="size-6" />
      </button>
      <span id={hintId} hidden>
        {t.moveHint}
      </span>

      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-testid="chat-panel"
          style={{ left: panelAt?.x ?? 0, top: panelAt?.y ?? 0, visibility: panelAt ? "visible" : "hidden" }}
          className={cn(
            "fixed z-30 w-[min(22rem,calc(100vw-1rem))] overflow-hidden rounded-3xl bg-white shadow-lift ring-1 ring-ink-200 outline-none",
            panelAt && "animate-pop-in",
          )}
        >
          <div className="scheme-light flex items-center justify-between gap-3 bg-gradient-to-r from-brand-700 to-brand-900 px-5 py-4 text-white">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-9 items-center justify-center rounded-xl bg-white/15">
                <Icon name="sparkles" className="size-5" />
              </span>
              <h2 id={titleId} className="text-base font-semibold text-white">
                {t.open}
              </h2>
            </div>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
              }}
              className="rounded-lg p-1.5 text-white/80 hover:bg-white/10 hover:text-white"
              aria-label={t.closeShort}
            >
              <Icon name="x" className="size-4" />
            </button>
          </div>
          <div className="space-y-4 px-5 py-5">
            <p className="text-lg font-semibold text-ink-950">{t.comingSoon}</p>
            <ul className="space-y-2">
              {links.map((item) => (
                <li key={item.href}>
                  {item.external ? (
                    <a
                      href={item.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-ink-900 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-200"
                    >
                      <Icon name={item.icon} className="size-4 text-brand-700" />
                      <span className="flex-1">{item.label}</span>
                      <Icon name="external-link" className="size-3.5 text-ink-500" />
                      <span className="sr-only">{t.opensInNewTab}</span>
                    </a>
                  ) : (
                    <Link
                      to={item.href}
                      onClick={() => setOpen(false)}
                      className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-ink-900 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-200"
                    >
                      <Icon name={item.icon} className="size-4 text-brand-700" />
                      <span className="flex-1">{item.label}</span>
                      <Icon name="arrow-right" className="size-3.5 text-ink-500" />
                    </Link>
                  )}
                </li>
              ))}
            </ul>
            <p className="rounded-xl bg-ink-50 px-3 py-2.5 text-xs leading-relaxed text-ink-600">
              {t.disclaimer}
            </p>
          </div>
        </div>
      )}
    </>
  );
}
