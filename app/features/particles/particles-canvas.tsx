import type { Container, Engine } from "@tsparticles/engine";
import Particles, { ParticlesProvider } from "@tsparticles/react";
import { loadSlim } from "@tsparticles/slim";
import type { ParticlesCanvasProps } from "./particles-background";
import { particlesOptions } from "./particles-options";

// Stable across renders: the provider insists on one init function per app.
const init = async (engine: Engine) => {
  await loadSlim(engine);
};

/** Reports the running options on the element, where tests and curious engineers can read them. */
const onLoaded = async (container?: Container) => {
  const el = container?.canvas.domElement?.parentElement;
  if (!container || !el) return;
  el.dataset.particleCount = String(container.particles.count);
  el.dataset.fpsLimit = String(container.actualOptions.fpsLimit);
};

export default function ParticlesCanvas({ id }: ParticlesCanvasProps) {
  return (
    <ParticlesProvider init={init}>
      <Particles id={id} className="absolute inset-0" options={particlesOptions} particlesLoaded={onLoaded} />
    </ParticlesProvider>
  );
}
