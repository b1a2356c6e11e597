/**
 * Set on `window` by app/entry.client.tsx in the task that starts React,
 * right before `hydrateRoot` attaches React's listeners. Until then, the
 * bootstrap of a page that hydrates on intent answers presses itself
 * (app/infra/html/hydrate-on-intent.server.ts); from then on every press is
 * React's, so none is answered twice.
 */
export const REACT_LISTENS = "__reactListens";
