import type { MouseEvent } from "react";
import { useLocation } from "react-router";
import type { Viewer } from "~/shared/lib/viewer";
import { Avatar } from "~/shared/ui/avatar";
import { SignOutForm } from "~/features/auth";
import { cn } from "~/shared/lib/cn";
import { ButtonLink, buttonClasses } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Logo } from "~/shared/ui/logo";
import { nav } from "~/shared/i18n/catalog/nav";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { isCurrent, mainNav } from "./navigation";

export const SIDE_MENU_ID = "side-menu";

/**
 * What opens and closes the menu before (and without) JavaScript: invoker
 * commands (Chromium 135, Firefox 144, Safari 26.2). Once scripts run, the
 * buttons' click handlers do it themselves (on every browser with <dialog>)
 * and cancel the native action. No `popovertarget` fallback: a button with
 * both makes Chromium log a warning on every page.
 */
export const OPEN_MENU_ATTRIBUTES = { commandfor: SIDE_MENU_ID, command: "show-modal" } as const;
const CLOSE_MENU_ATTRIBUTES = { commandfor: SIDE_MENU_ID, command: "close" } as const;

export function menuDialog(): HTMLDialogElement | null {
  return document.getElementById(SIDE_MENU_ID) as HTMLDialogElement | null;
}

export function openMenu(): void {
  const dialog = menuDialog();
  if (dialog && !dialog.open) dialog.showModal();
}

export function closeMenu(): void {
  const dialog = menuDialog();
  if (!dialog) return;
  if (dialog.open) dialog.close();
}

/**
 * The small-screen menu: the header's items in a panel from the left. It is a
 * native <dialog>, in the page's HTML from the first byte, so a tap on the menu
 * button opens it before the page's JavaScript has run (or when it never does):
 * a modal dialog keeps focus inside (the rest of the page is inert), closes on
 * Escape and on a press outside (`closedby="any"`), and hands focus back to the
 * menu button. Scripts add what the platform does not: the same on browsers
 * without invoker commands, closing on a link that navigates in place, and
 * Tab wrapping inside the panel (the page script's dialog-focus.ts, hydrated
 * or not; docs/decisions/0019-slow-phone.md).
 */
export function SideMenu({ user }: { user: Viewer | null }) {
  const close = () => closeMenu();
  const t = useMessages("shell", shell);
  const labels = useMessages("nav", nav);
  const localize = useLocalize();
  const { pathname } = useLocation();
  // A press on the backdrop lands on the <dialog> itself; the panel fills the dialog, so inside never does.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog
      id={SIDE_MENU_ID}
      aria-label={t.menu}
      closedby="any"
      onClick={closeOnBackdrop}
      data-wraps-focus=""
      className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none overflow-hidden border-0 bg-white p-0 text-ink-950 shadow-lift backdrop:bg-black/50 open:animate-slide-in-left"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between border-b border-ink-200 px-4">
          <Logo />
          <button
            type="button"
            {...CLOSE_MENU_ATTRIBUTES}
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
            className="inline-flex size-10 items-center justify-center rounded-xl text-ink-700 hover:bg-ink-100"
            aria-label={t.closeMenu}
          >
            <Icon name="x" />
          </button>
        </div>

        <nav aria-label={t.mobileNav} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <a
                  href={localize(item.to)}
                  aria-current={isCurrent(pathname, localize(item.to)) ? "page" : undefined}
                  className={cn(
                    "block rounded-xl px-4 py-3 text-base font-medium",
                    isCurrent(pathname, localize(item.to)) ? "bg-brand-50 text-brand-800" : "text-ink-800 hover:bg-ink-100",
                  )}
                >
                  {labels[item.label]}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="border-t border-ink-200 p-4">
          {user ? (
            <div className="space-y-2">
              <div className="flex items-center gap-3 px-1 pb-2">
                <Avatar name={user.name} email={user.email} />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-ink-950">{user.name}</span>
                  <span className="block truncate text-sm text-ink-600">{user.email}</span>
                </span>
              </div>
              <ButtonLink to={localize("/profile")} variant="secondary" className="w-full">
                <Icon name="user" className="size-4" />
                {t.viewProfile}
              </ButtonLink>
              {user.operator && (
                <ButtonLink to="/admin/messages" variant="secondary" className="w-full">
                  <Icon name="shield-check" className="size-4" />
                  {t.operatorConsole}
                </ButtonLink>
              )}
              <SignOutForm className={buttonClasses("ghost", "md", "w-full")}>
                <Icon name="log-out" className="size-4" />
                {t.signOut}
              </SignOutForm>
            </div>
          ) : (
            <div className="grid gap-2">
              <ButtonLink to={localize("/auth")} variant="secondary">
                {t.signIn}
              </ButtonLink>
              <ButtonLink to={localize("/auth?mode=signup")}>{t.getStarted}</ButtonLink>
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}
