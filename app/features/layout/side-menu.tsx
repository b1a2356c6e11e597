import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import type { Viewer } from "~/shared/lib/viewer";
import { Avatar } from "~/shared/ui/avatar";
import { useSignOut } from "~/features/auth";
import { cn } from "~/shared/lib/cn";
import { ButtonLink } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Logo } from "~/shared/ui/logo";
import { mainNav } from "./navigation";

interface SideMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Viewer | null;
  /** The button that opened the menu; focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The small-screen menu: the header's items in a panel from the left.
 * Radix keeps focus inside while it is open, closes it on Escape and on a press
 * outside, and hands focus back to the menu button.
 */
export default function SideMenu({ open, onOpenChange, user, returnFocusTo }: SideMenuProps) {
  const signOut = useSignOut();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-lift data-[state=open]:animate-slide-in-left"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex h-16 items-center justify-between border-b border-ink-200 px-4">
            <Logo />
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-xl text-ink-700 hover:bg-ink-100"
              aria-label="Close menu"
            >
              <Icon name="x" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>

          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        "block rounded-xl px-4 py-3 text-base font-medium",
                        isActive ? "bg-brand-50 text-brand-800" : "text-ink-800 hover:bg-ink-100",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
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
                <ButtonLink to="/profile" variant="secondary" className="w-full" onClick={close}>
                  <Icon name="user" className="size-4" />
                  View Profile
                </ButtonLink>
                <button
                  type="button"
                  className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl text-sm font-semibold text-ink-700 hover:bg-ink-100"
                  onClick={() => {
                    close();
                    void signOut();
                  }}
                >
                  <Icon name="log-out" className="size-4" />
                  Sign Out
                </button>
              </div>
            ) : (
              <div className="grid gap-2">
                <ButtonLink to="/auth" variant="secondary" onClick={close}>
                  Sign In
                </ButtonLink>
                <ButtonLink to="/auth?mode=signup" onClick={close}>
                  Get Started
                </ButtonLink>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
