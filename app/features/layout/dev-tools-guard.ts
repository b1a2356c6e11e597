export const DEV_TOOLS_CHECK_MS = 1000;
export const DEV_TOOLS_THRESHOLD_PX = 200;

/** True for the keys the spec blocks: F12, Ctrl+I/U/S and Shift+I. */
export function isBlockedShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">): boolean {
  const key = e.key.toLowerCase();
  if (key === "f12") return true;
  if ((e.ctrlKey || e.metaKey) && ["i", "u", "s"].includes(key)) return true;
  return e.shiftKey && key === "i" && (e.ctrlKey || e.metaKey);
}

/**
 * The spec's developer-tools guard (section 8), started by the page script
 * only when the site configuration turns it on (the page says so with its
 * warning: root.tsx); see docs/decisions/0006-developer-tools-guard.md for
 * why it is off by default. Returns a stopper.
 */
export function startDevToolsGuard(warning: string): () => void {
  const check = window.setInterval(() => {
    const wide = window.outerWidth - window.innerWidth > DEV_TOOLS_THRESHOLD_PX;
    const tall = window.outerHeight - window.innerHeight > DEV_TOOLS_THRESHOLD_PX;
    if (wide || tall) {
      window.alert(warning);
      window.location.reload();
    }
  }, DEV_TOOLS_CHECK_MS);
  const onContextMenu = (e: Event) => e.preventDefault();
  const onKeyDown = (e: KeyboardEvent) => {
    if (isBlockedShortcut(e)) e.preventDefault();
  };
  document.addEventListener("contextmenu", onContextMenu);
  document.addEventListener("keydown", onKeyDown);
  return () => {
    window.clearInterval(check);
    document.removeEventListener("contextmenu", onContextMenu);
    document.removeEventListener("keydown", onKeyDown);
  };
}
