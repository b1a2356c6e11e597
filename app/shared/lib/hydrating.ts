/**
 * In an effect: whether it runs as part of the page's first hydration (the
 * root's effect sets `data-hydrated` on <html>, after every page's own, in
 * root.tsx). Only in the hydration's own commit: an effect that waits for a
 * later one (a ref set by a callback, state from the first effects) sees the
 * page hydrated already. On a slow phone that is seconds after the page showed, and the
 * visitor may be reading further down, typing or pressing by then: what an
 * effect does then (focus, scroll, reset a form) must not undo that.
 */
export function hydrating(): boolean {
  return !document.documentElement.hasAttribute("data-hydrated");
}
