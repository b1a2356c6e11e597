import type { ISourceOptions } from "@tsparticles/engine";

/** The spec's numbers (sections 1 and 9). */
export const PARTICLE_COUNT = 80;
export const PARTICLE_FPS_LIMIT = 120;

export const particlesOptions: ISourceOptions = {
  fullScreen: { enable: false },
  fpsLimit: PARTICLE_FPS_LIMIT,
  detectRetina: true,
  // Stop drawing when the canvas scrolls out of view or the window loses focus
  // (hidden tabs get no animation frames at all).
  pauseOnOutsideViewport: true,
  pauseOnBlur: true,
  background: { color: "transparent" },
  particles: {
    number: { value: PARTICLE_COUNT, density: { enable: false } },
    color: { value: ["#ffffff", "#c4b5fd", "#fcd34d"] },
    opacity: { value: { min: 0.25, max: 0.7 } },
    size: { value: { min: 1, max: 2.6 } },
    links: { enable: true, distance: 130, color: "#c4b5fd", opacity: 0.22, width: 1 },
    move: { enable: true, speed: 0.6, outModes: { default: "out" } },
  },
  interactivity: { events: { resize: { enable: true } } },
};
