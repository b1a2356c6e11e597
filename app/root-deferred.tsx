/**
 * What every page does that nobody needs in order to read or use it, loaded
 * right after hydration instead of with the page
 * (docs/decisions/0005-initial-javascript-budget.md): the notices a redirect
 * asks for, the locally cached user, the help widget's
 * loader, page-view analytics and the developer-tools guard.
 */
import { lazy, Suspense, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { site } from "~/config/site";
import { PageViewReporter } from "~/features/analytics/page-view-reporter";
import { cacheUser, clearCachedUser } from "~/features/auth";
import { ChatWidgetLoader } from "~/features/chat-widget/chat-widget-loader";
import { browserSession, clearLocalStats } from "~/features/profile";
import type { Viewer } from "~/shared/lib/viewer";

// Off by default (docs/decisions/0006-developer-tools-guard.md), so not in every page's JavaScript.
const DevToolsGuard = lazy(() => import("~/features/layout/dev-tools-guard"));

/**
 * What a redirect asks the next page's scripts to forget: signed out
 * (`?signed-out=1`: the locally cached user) or account deleted (`?deleted=1`:
 * also this browser's stats). Then the address loses the flag. (What happened
 * is said by the page's flash message: layout/flash-banner.tsx.)
 */
function UrlNotices() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const signedOut = params.get("signed-out") === "1";
    const deleted = params.get("deleted") === "1";
    if (!signedOut && !deleted) return;
    clearCachedUser();
    if (deleted) {
      try {
        clearLocalStats(localStorage, sessionStorage);
        clearLocalStats(localStorage, browserSession);
      } catch {
        // storage unavailable: nothing was kept
      }
    }
    params.delete("signed-out");
    params.delete("deleted");
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ""}`, { replace: true, preventScrollReset: true });
  }, [pathname, search, navigate]);
  return null;
}

/** The spec caches the signed-in user locally under `user`; signed out, nothing is cached. */
function useCachedViewer(viewer: Viewer | null | undefined) {
  const id = viewer?.id;
  useEffect(() => {
    if (viewer === undefined) return;
    if (!viewer) {
      clearCachedUser();
      return;
    }
    // The profile page caches the whole record; keep it when it is this viewer's.
    try {
      const cached = JSON.parse(localStorage.getItem("user") ?? "null") as { id?: string } | null;
      if (cached?.id === viewer.id) return;
    } catch {
      // unreadable cache: replace it
    }
    cacheUser(viewer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in user
  }, [id]);
}

export default function DeferredBehaviour({ viewer }: { viewer: Viewer | null | undefined }) {
  useCachedViewer(viewer);
  // The operator console is a tool of its own (ADR 0029): the visitors' help widget would cover its tables.
  const inConsole = useLocation().pathname.startsWith("/admin");
  return (
    <>
      <UrlNotices />
      {!inConsole && <ChatWidgetLoader />}
      <PageViewReporter />
      {site.devToolsGuard && (
        <Suspense fallback={null}>
          <DevToolsGuard />
        </Suspense>
      )}
    </>
  );
}
