import { useEffect, useRef } from "react";
import { cn } from "~/shared/lib/cn";
import { startParticles } from "./start-particles";

/**
 * The decorative particle field (spec: 80 particles, 120 fps cap) behind the
 * hero and the privacy header: an empty box in the page's markup. The page
 * script starts it on a page that was not hydrated (start-particles.ts); a
 * hydrated page that draws it (a client-side navigation) starts it here.
 * `fade`: where the particles give way to the text they sit behind (a centred
 * header's middle, or the hero's start).
 */
export function ParticlesBackground({ id, fade = "center" }: { id: string; fade?: "center" | "start" }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? startParticles(box.current) : undefined), []);
  return (
    <div
      ref={box}
      data-particles={id}
      className={cn(fade === "start" ? "particles-fade-start" : "particles-fade", "pointer-events-none absolute inset-0 overflow-hidden")}
      aria-hidden="true"
    />
  );
}
