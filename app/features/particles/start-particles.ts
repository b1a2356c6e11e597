import { whenIdle } from "~/shared/lib/when-idle";

/** What counts as the visitor's first interaction with the page. */
const INTERACTIONS = ["pointermove", "pointerdown", "touchstart", "keydown", "scroll", "wheel"] as const;

/**
 * Starts the particle field in `box` on the visitor's first interaction, when
 * the browser is next idle: it costs nothing before the page is usable, and
 * nothing at all for visitors who prefer reduced motion (switched on mid-visit,
 * the animation stops). Once per box. Returns a stopper.
 */
export function startParticles(box: HTMLElement): () => void {
  if (box.dataset.started !== undefined) return () => {};
  box.dataset.started = "";
  const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let running: { stop(): void } | undefined;
  let cancelled = motion.matches;
  let cancelIdle: (() => void) | undefined;
  const fire = () => {
    remove();
    cancelIdle = whenIdle(() => {
      void import("./particles-canvas").then(async ({ drawParticles }) => {
        if (cancelled || motion.matches) return;
        running = await drawParticles(box);
      });
    }, 1000);
  };
  const remove = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, fire);
  };
  const onMotion = () => {
    if (!motion.matches) return;
    running?.stop();
    running = undefined;
  };
  if (!cancelled) for (const type of INTERACTIONS) window.addEventListener(type, fire, { once: true, passive: true });
  motion.addEventListener("change", onMotion);
  return () => {
    cancelled = true;
    remove();
    cancelIdle?.();
    running?.stop();
    motion.removeEventListener("change", onMotion);
    delete box.dataset.started;
  };
}
