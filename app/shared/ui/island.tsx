/**
 * Static islands: parts of a page that have nothing to do in the browser (no
 * state, no handlers: text, pictures, links) are drawn by the server and left
 * exactly as drawn by hydration, so their code is neither fetched nor run
 * before the page is interactive (docs/decisions/0033-static-islands.md).
 *
 *   server     the component is rendered as usual, inside
 *              `<div data-island="name" class="contents">` (no box of its own)
 *   hydration  the island takes the markup the server drew (read from the
 *              document) and hands it back to React as that element's
 *              `dangerouslySetInnerHTML`: React neither compares nor touches
 *              what is inside, and the component's code is not needed
 *   idle       once the page is hydrated and the browser idle, every island's
 *              module is fetched (`preloadIslands`), so that a navigation
 *              rarely waits for one
 *   later      when the island must be drawn anew (a client-side navigation
 *              mounts it, or its props change: another language, another
 *              page for the footer's language link), it renders like any
 *              component. If its module is not there yet, an island that has
 *              markup keeps it on screen meanwhile; one that has none (a page
 *              a navigation is bringing) holds the navigation until it is, as
 *              a route's own module does
 *
 * Links inside an island are plain anchors; useIslandLinks (root) turns a
 * click on one into a client-side navigation, as a <Link> would. An island
 * must not hold anything that needs a handler: such parts stay outside it, or
 * are wired without React (the theme switch: shared/lib/theme.ts).
 */
import { type ComponentType, type ReactElement, Suspense, use, useState } from "react";

/** True until the first hydration has committed (`islandsHydrated`, from the root's first effect). */
let hydrating = typeof document !== "undefined";

/** Every island's loader, for `preloadIslands`. */
const loaders = new Set<() => Promise<unknown>>();

/** The root calls this once its hydration has committed: islands mounted from then on render. */
export function islandsHydrated(): void {
  hydrating = false;
}

/** Fetches every island's module (the root calls it when the hydrated page is idle); settles when all have come or failed. */
export function preloadIslands(): Promise<unknown> {
  return Promise.allSettled([...loaders].map((load) => load()));
}

/** The markup the server drew for this island, if the page is being hydrated and has it. */
function serverMarkup(name: string): string | undefined {
  if (!hydrating) return undefined;
  return document.querySelector(`[data-island="${name}"]`)?.innerHTML;
}

/** Props equal to the first ones (what the markup was drawn with): a shallow look, then the JSON. */
function sameProps(a: object, b: object): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  if (keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * An island named `name` (unique on a page) of the component `load` gives.
 * `P` must be serialisable (loader data): it is compared to decide whether
 * the server's markup still stands.
 */
export function island<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>): (props: P) => ReactElement {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const ensure = () =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A module that did not come (the network) is asked for again next time.
        pending = undefined;
        throw error;
      },
    ));
  loaders.add(ensure);
  // The server renders it inside the page's shell: started now, so no request waits for its module. In the
  // browser after hydration, a module that defines an island was brought by a navigation to a page that
  // will draw it: fetched now, beside the page's data, not after the page's module has rendered.
  if (typeof document === "undefined" || !hydrating) void ensure().catch(() => {});

  /** The component itself, once its module is here (suspends until then). */
  function Drawn(props: P): ReactElement {
    const Component = loaded ?? use(ensure());
    return <Component {...props} />;
  }

  function Island(props: P): ReactElement {
    const [markup] = useState(() => serverMarkup(name));
    const [first] = useState(props);
    // Once drawn by the browser, always: going back to the server's markup would drop what the browser set since.
    const [live, setLive] = useState(false);
    if (!live && markup !== undefined && sameProps(props, first)) {
      return <div data-island={name} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: markup }} />;
    }
    if (!live && markup !== undefined) setLive(true);
    return (
      <div data-island={name} className="contents">
        {markup === undefined ? (
          <Drawn {...props} />
        ) : (
          <Suspense fallback={<div className="contents" dangerouslySetInnerHTML={{ __html: markup }} />}>
            <Drawn {...props} />
          </Suspense>
        )}
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
