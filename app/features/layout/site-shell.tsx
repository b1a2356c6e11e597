import type { ReactNode } from "react";
import type { ShownFlash } from "~/shared/lib/flash";
import type { Viewer } from "~/shared/lib/viewer";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { FlashBanner } from "./flash-banner";
import Footer from "./footer";
import { Header } from "./header";
import { RouteFocus } from "./route-focus";
import { RouteScroll } from "./route-scroll";

/**
 * Header, page and footer: every page, the error page and the 404 page alike.
 * `accountUnknown`: who is signed in could not be told (the 503 page): no account controls.
 */
/** Focused, it is a bar over the whole header (not a box on top of the logo). */
function SkipLink() {
  const t = useMessages("shell", shell);
  return (
    <a
      href="#main"
      className="scheme-light sr-only z-[70] bg-brand-700 px-4 py-3 text-center font-semibold text-white focus:not-sr-only focus:fixed focus:inset-x-0 focus:top-0 focus:outline-2 focus:-outline-offset-4 focus:outline-white"
    >
      {t.skipToContent}
    </a>
  );
}

export function SiteShell({
  user,
  accountUnknown = false,
  statusUrl = null,
  flash = null,
  bare = false,
  children,
}: {
  user: Viewer | null;
  accountUnknown?: boolean;
  /** STATUS_URL: a status page linked from the footer. */
  statusUrl?: string | null;
  /** A message a redirect left for this page (shared/lib/flash.ts). */
  flash?: ShownFlash | null;
  /**
   * An app of its own inside the site (the operator console): no marketing header, footer or main
   * landmark; the page draws its own (features/admin/admin-shell.tsx) and shows the flash itself.
   */
  bare?: boolean;
  children: ReactNode;
}) {
  if (bare) {
    return (
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        {children}
        <RouteFocus />
        <RouteScroll />
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header user={user} accountUnknown={accountUnknown} />
      <main id="main" className="flex-1" tabIndex={-1}>
        <FlashBanner flash={flash} />
        {children}
      </main>
      <Footer statusUrl={statusUrl} />
      <RouteFocus />
      <RouteScroll />
    </div>
  );
}
