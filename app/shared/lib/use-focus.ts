import { type DependencyList, useEffect, useRef } from "react";
import { hydrating } from "./hydrating";

/**
 * Moves the focus to `pick()`'s element each time `deps` change, as
 * `useEffect` would, except on a first run that comes with hydration: on a
 * slow phone that can be seconds after the page showed, when the visitor may
 * already be typing in a field or reaching for a button. Then, as the HTML
 * autofocus rule has it, the focus moves only if nothing has it yet, and
 * without scrolling (a scroll under a finger sends its tap elsewhere). A
 * component mounted later (a client navigation) focuses at once.
 */
export function useFocusOn(pick: () => HTMLElement | null | undefined, deps: DependencyList): void {
  const mounted = useRef(false);
  useEffect(() => {
    const arriving = !mounted.current && hydrating();
    mounted.current = true;
    const target = pick();
    if (!target) return;
    if (!arriving) target.focus();
    else if (!document.activeElement || document.activeElement === document.body) target.focus({ preventScroll: true });
    // The caller's deps decide when, as for useEffect; `pick` is read afresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
