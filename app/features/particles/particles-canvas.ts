/**
 * Runs the particle field in a container (particles-background.tsx's): loaded
 * on demand, since tsParticles is about 60 KB of code and a continuous
 * animation.
 */
import { tsParticles } from "@tsparticles/engine";
import { loadSlim } from "@tsparticles/slim";
import { particlesOptions } from "./particles-options";

let engineReady: Promise<void> | undefined;

/** Draws the field inside `element` (a canvas of its own); reports the running options on it for tests. */
export async function drawParticles(element: HTMLElement): Promise<{ stop(): void } | undefined> {
  engineReady ??= loadSlim(tsParticles);
  await engineReady;
  const container = await tsParticles.load({ id: element.dataset.particles ?? "particles", element, options: particlesOptions });
  if (!container) return undefined;
  element.dataset.particleCount = String(container.particles.count);
  element.dataset.fpsLimit = String(container.actualOptions.fpsLimit);
  return { stop: () => container.destroy() };
}
