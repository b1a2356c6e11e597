import { type ComponentType, useEffect, useRef, useState } from "react";
import { cn } from "~/shared/lib/cn";
import { whenIdle } from "~/shared/lib/when-idle";

export interface ParticlesCanvasProps {
  id: string;
}

/** What counts as the visitor's first interaction with the page. */
const INTERACTIONS = ["pointermove", "pointerdown", "touchstart", "keydown", "scroll", "wheel"] as const;

/**
 * Runs `start` once, on the visitor's first interaction, when the browser is
 * next idle. Returns a canceller.
 */
function onFirstInteraction(start: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const fire = () => {
    remove();
    cancelIdle = whenIdle(start, 1000);
  };
  const remove = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, fire);
  };
  for (const type of INTERACTIONS) window.addEventListener(type, fire, { once: true, passive: true });
  return () => {
    remove();
    cancelIdle?.();
  };
}

/**
 * The decorative particle field (spec: 80 particles, 120 fps cap) behind the
 * hero and the privacy header. tsParticles (about 60 KB of code and a
 * continuous animation) loads on the visitor's first interaction, once the
 * browser is idle: it costs nothing before the page is usable, which matters
 * most on low-end phones, and nothing at all for visitors who prefer reduced
 * motion.
 */
/** `fade`: where the particles give way to the text they sit behind (a centred header's middle, or the hero's start). */
export function ParticlesBackground({ id, fade = "center" }: { id: string; fade?: "center" | "start" }) {
  const [Canvas, setCanvas] = useState<ComponentType<ParticlesCanvasProps> | null>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    if (motion.matches) return;
    let cancelled = false;
    const cancelStart = onFirstInteraction(() => {
      void import("./particles-canvas").then((module) => {
        if (!cancelled && !motion.matches) setCanvas(() => module.default);
      });
    });
    // A visitor who switches reduced motion on mid-visit loses the animation at once.
    const onChange = () => {
      if (motion.matches) setCanvas(null);
    };
    motion.addEventListener("change", onChange);
    return () => {
      cancelled = true;
      cancelStart();
      motion.removeEventListener("change", onChange);
    };
  }, []);

  return (
    <div ref={container} className={cn(fade === "start" ? "particles-fade-start" : "particles-fade", "pointer-events-none absolute inset-0 overflow-hidden")} aria-hidden="true">
      {Canvas && <Canvas id={id} />}
    </div>
  );
}
