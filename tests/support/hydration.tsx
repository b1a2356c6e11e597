/**
 * Server markup hydrated in jsdom, as a browser has it while the page's
 * scripts run: for unit tests of what a press or an effect does during
 * hydration (React hydrates a pressed root at once, then dispatches).
 */
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";

const roots: Root[] = [];

/** The element's server markup in the document, with hydration started but not yet run; `before` runs in between. */
export function hydrateServerMarkup(element: ReactElement, before?: (container: HTMLElement) => void): { container: HTMLElement; root: Root } {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.append(container);
  before?.(container);
  const root = hydrateRoot(container, element);
  roots.push(root);
  return { container, root };
}

/** For afterEach: unmounts what was hydrated and empties the document. */
export function unmountHydrated(): void {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = "";
}
