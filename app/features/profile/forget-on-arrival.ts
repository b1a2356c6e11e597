import { browserSession, clearLocalStats } from "./local-stats";

/**
 * What a redirect asks the page it lands on to forget: `?signed-out=1` the
 * locally cached user, `?deleted=1` also this browser's stats (the next person
 * on this device inherits nothing). The page script runs it on a document
 * load; both redirects are document loads (a deletion from the hydrated
 * profile too: redirectDocument). Returns the address's search without the
 * markers, or null when it had none.
 */
export function forgetOnArrival(search: string): string | null {
  const params = new URLSearchParams(search);
  const signedOut = params.get("signed-out") === "1";
  const deleted = params.get("deleted") === "1";
  if (!signedOut && !deleted) return null;
  try {
    localStorage.removeItem("user");
    if (deleted) {
      clearLocalStats(localStorage, sessionStorage);
      clearLocalStats(localStorage, browserSession);
    }
  } catch {
    // storage unavailable: nothing was kept
  }
  params.delete("signed-out");
  params.delete("deleted");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
