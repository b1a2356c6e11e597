import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Viewer } from "~/shared/lib/viewer";
import { cn } from "~/shared/lib/cn";
import { ButtonLink } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { Logo } from "~/shared/ui/logo";
import { isCurrent, mainNav } from "./navigation";
import { nav } from "~/shared/i18n/catalog/nav";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { LanguageSwitch } from "./language-switch";
import { menuDialog, OPEN_MENU_ATTRIBUTES, openMenu, SideMenu } from "./side-menu";
import { useHydrated } from "~/shared/lib/use-hydrated";
import UserMenu from "./user-menu";

/** Whether the side menu is open, however it was opened (natively before hydration, or by script): for aria-expanded. */
function useMenuOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const dialog = menuDialog();
    if (!dialog) return;
    const sync = () => setOpen(dialog.open);
    sync();
    // "toggle" on opening (and closing, where supported); "close" everywhere.
    dialog.addEventListener("toggle", sync);
    dialog.addEventListener("close", sync);
    return () => {
      dialog.removeEventListener("toggle", sync);
      dialog.removeEventListener("close", sync);
    };
  }, []);
  return open;
}

export function Header({ user, accountUnknown = false }: { user: Viewer | null; accountUnknown?: boolean }) {
  const menuOpen = useMenuOpen();
  const hydrated = useHydrated();
  const t = useMessages("shell", shell);
  const labels = useMessages("nav", nav);
  const localize = useLocalize();
  const { pathname } = useLocation();
  const home = localize("/");

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <a href={home} className="rounded-lg" aria-label={t.home}>
          <Logo />
        </a>

        <nav aria-label={t.mainNav} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <a
                  href={localize(item.to)}
                  aria-current={isCurrent(pathname, localize(item.to)) ? "page" : undefined}
                  className={cn(
                    "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                    isCurrent(pathname, localize(item.to)) ? "bg-brand-50 text-brand-800" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
                  )}
                >
                  {labels[item.label]}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitch className="rounded-lg px-2.5 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-950" />
          {accountUnknown ? null : user ? (
            <div className="hidden sm:block">
              <UserMenu user={user} />
            </div>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <ButtonLink to={localize("/auth")} variant="ghost" size="sm">
                {t.signIn}
              </ButtonLink>
              <ButtonLink to={localize("/auth?mode=signup")} size="sm">
                {t.getStarted}
              </ButtonLink>
            </div>
          )}
          <button
            type="button"
            // Before the scripts: the browser's own command opens the dialog (and says it is expanded;
            // HTML forbids aria-expanded beside a command). After: the script opens it and says so.
            {...(hydrated ? { "aria-expanded": menuOpen } : OPEN_MENU_ATTRIBUTES)}
            className="inline-flex size-10 items-center justify-center rounded-xl text-ink-800 hover:bg-ink-100 lg:hidden"
            aria-label={t.openMenu}
            aria-haspopup="dialog"
            onClick={(event) => {
              // The script opens it as a modal dialog on every browser; the native command is not needed.
              event.preventDefault();
              openMenu();
            }}
          >
            <Icon name="menu" className="size-6" />
          </button>
        </div>
      </Container>
      <SideMenu user={user} />
    </header>
  );
}
