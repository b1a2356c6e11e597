/**
 * React Router's default client entry, with one line added: the window is
 * marked in the same task, right before React attaches its listeners, so the
 * bootstrap of a page that hydrated on intent stops remembering presses
 * exactly then (app/shared/lib/react-listens.ts, ADR 0005).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { REACT_LISTENS } from "~/shared/lib/react-listens";

startTransition(() => {
  (window as unknown as Record<string, boolean>)[REACT_LISTENS] = true;
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
