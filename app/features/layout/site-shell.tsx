import type { ReactNode } from "react";
import type { Viewer } from "~/shared/lib/viewer";
import { Footer } from "./footer";
import { Header } from "./header";

/** Header, page and footer: every page, the error page and the 404 page alike. */
export function SiteShell({ user, children }: { user: Viewer | null; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header user={user} />
      <main id="main" className="flex-1" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
