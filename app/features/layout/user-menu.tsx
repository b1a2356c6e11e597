import { useRef, useState } from "react";
import { Link } from "react-router";
import { SignOutForm } from "~/features/auth";
import type { Viewer } from "~/shared/lib/viewer";
import { Icon } from "~/shared/ui/icon";
import { shell } from "~/shared/i18n/catalog/shell";
import { fill, useMessages } from "~/shared/i18n/messages";
import { UserMenuButton } from "./user-menu-button";
import { useLocalize } from "~/shared/i18n/use-locale";

export const USER_MENU_ID = "user-menu";

const itemClass =
  "flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-ink-800 outline-none hover:bg-brand-50 hover:text-brand-900 focus-visible:bg-brand-50 focus-visible:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * The signed-in header control: initial and name, with View Profile and Sign
 * Out. A native popover (`popovertarget`), in the page's HTML from the first
 * byte: a tap opens it before the page's JavaScript has run (scripts load
 * after the first paint: docs/decisions/0019-slow-phone.md) or when it never
 * does, and the browser closes it on Escape or a press outside. Its items are
 * a link and a form, so they work without JavaScript too. Once the page script
 * runs (every page, hydrated or not), it behaves as a menu: focus moves to the
 * first item on open, the arrow keys move between items, Tab out closes it
 * (features/layout/menu-keys.ts), and focus returns to the button.
 */
export default function UserMenu({ user }: { user: Viewer }) {
  const [open, setOpen] = useState(false);
  const t = useMessages("shell", shell);
  const localize = useLocalize();
  const panel = useRef<HTMLDivElement>(null);
  const close = () => panel.current?.hidePopover();

  return (
    <div className="relative">
      {/* No aria-expanded: a popovertarget button's expanded state is the browser's to expose (HTML forbids both). */}
      <UserMenuButton user={user} popoverTarget={USER_MENU_ID} aria-haspopup="menu" aria-controls={USER_MENU_ID} data-state={open ? "open" : "closed"} />
      <div
        id={USER_MENU_ID}
        ref={panel}
        popover="auto"
        role="menu"
        aria-label={fill(t.accountMenuFor, { name: user.name })}
        onToggle={(event) => setOpen((event as unknown as ToggleEvent).newState === "open")}
        // Under the header at its right edge: the popover sits in the top layer, positioned by the page, not the button.
        className="user-menu-popover m-0 min-w-52 rounded-xl bg-white p-1.5 shadow-lift ring-1 ring-ink-200"
      >
        <p className="truncate px-3 py-2 text-xs text-ink-600">{user.email}</p>
        <Link role="menuitem" to={localize("/profile")} className={itemClass} onClick={close}>
          <Icon name="user" className="size-4" />
          {t.viewProfile}
        </Link>
        {user.operator && (
          <Link role="menuitem" to="/admin/messages" className={itemClass} onClick={close}>
            <Icon name="shield-check" className="size-4" />
            {t.operatorConsole}
          </Link>
        )}
        <div role="separator" className="my-1 h-px bg-ink-200" />
        <SignOutForm role="menuitem" className={itemClass}>
          <Icon name="log-out" className="size-4" />
          {t.signOut}
        </SignOutForm>
      </div>
    </div>
  );
}
