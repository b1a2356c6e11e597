/**
 * What a route's `handle` may say about its page (issue 39, ADR 0035).
 *
 * `hydrate`: the page runs React Router in the browser (its forms answer in
 * place, it has state a script keeps: sign-in, the profile, the console).
 * Every other page ships no framework: its controls are links, forms that
 * post, native popovers and dialogs, and the page script (app/client).
 */
export interface PageHandle {
  hydrate?: boolean;
}

/** Whether any matched route asks for React Router in the browser. */
export function wantsHydration(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === true);
}
