/** The particles feature's public client API. */
export { ParticlesBackground } from "./particles-background";
