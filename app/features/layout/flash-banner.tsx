import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { flashIsWarning, type ShownFlash } from "~/shared/lib/flash";
import { hydrating } from "~/shared/lib/hydrating";
import { notify } from "~/shared/lib/toasts";
import { Banner } from "~/shared/ui/banner";
import { Container } from "~/shared/ui/layout";

/**
 * The flash message a redirect left for this page ("Welcome back, Asha!",
 * "Signed out successfully"), at the top of the page: rendered by the server,
 * so it shows without JavaScript, and can be dismissed without it too; it is
 * announced (a status region). It stays while the visitor is on the page it
 * was meant for (a revalidation, which no longer carries it, does not take it
 * away) and goes with the next page. Its words come with it, in the page's
 * language (the root loader's `flashText`).
 */
export function FlashBanner({ flash }: { flash: ShownFlash | null | undefined }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<{ flash: ShownFlash; pathname: string } | null>(flash ? { flash, pathname } : null);
  const [previous, setPrevious] = useState(flash);
  if (flash !== previous) {
    setPrevious(flash);
    if (flash) setShown({ flash, pathname });
  }
  if (shown && shown.pathname !== pathname) setShown(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown) return;
    // Brought by a client navigation, it may be out of sight; one the page arrived with is at its top
    // already, and scrolling there at hydration would pull the page from under a visitor reading on.
    if (!hydrating()) ref.current?.scrollIntoView({ block: "nearest" });
    // The banner is the outcome the "Deleting account..." toast waited for: that toast goes.
    if (shown.flash.kind === "account-deleted") notify.dismiss("profile-delete");
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={ref} data-testid="flash">
      <Container className="pt-4">
        <Banner tone={flashIsWarning(shown.flash) ? "warning" : "success"} dismissible>
          {shown.flash.text}
        </Banner>
      </Container>
    </div>
  );
}
