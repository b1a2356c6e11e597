import type { BootConfig } from "./boot";

/** The boot script's configuration in its tests (the page's is root.tsx's, from the features' constants). */
export const TEST_BOOT_CONFIG: BootConfig = {
  theme: { storageKey: "theme", inputName: "theme", changeEvent: "theme-change" },
  language: { cookie: "tuesday.lang", attributes: "; path=/", locales: ["en", "hi"] },
  overlay: { ms: 1400, storageKey: "overlay", skipPrefix: "/api/" },
  idempotencyField: "_idempotency_key",
};
