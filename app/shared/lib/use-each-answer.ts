import { useEffect, useRef } from "react";

/**
 * Runs `handle` once for each new answer of a fetcher (when it is back to
 * idle with data it has not handled yet): toasts, focus moves, closing a
 * dialog. Rendering from `fetcher.data` needs no effect; reacting once does.
 */
export function useEachAnswer<T>(answer: T | undefined, state: string, handle: (answer: T) => void) {
  const seen = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (state !== "idle" || answer === undefined || answer === seen.current) return;
    seen.current = answer;
    handle(answer);
  });
}
