import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import type { Viewer } from "~/shared/lib/viewer";
import { cn } from "~/shared/lib/cn";
import { ButtonLink } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { Logo } from "~/shared/ui/logo";
import { mainNav } from "./navigation";
import { UserMenuButton } from "./user-menu-button";
import { site } from "~/config/site";

// The menus' accessible primitives (Radix) load on demand, keeping them out of
// every page's initial JavaScript: the side menu on first open, the user menu
// right after a signed-in page hydrates.
const SideMenu = lazy(() => import("./side-menu"));
const UserMenu = lazy(() => import("./user-menu"));

export function Header({ user }: { user: Viewer | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => setMenuWanted(true);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link to="/" className="rounded-lg" aria-label={`${site.productName} home`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                      isActive ? "bg-brand-50 text-brand-800" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {user ? (
            <div className="hidden lg:block">
              <Suspense fallback={<UserMenuButton user={user} />}>
                <UserMenu user={user} />
              </Suspense>
            </div>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <ButtonLink to="/auth" variant="ghost" size="sm">
                Sign In
              </ButtonLink>
              <ButtonLink to="/auth?mode=signup" size="sm">
                Get Started
              </ButtonLink>
            </div>
          )}
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-xl text-ink-800 hover:bg-ink-100 lg:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerEnter={wantMenu}
            onFocus={wantMenu}
            onClick={() => {
              wantMenu();
              setMenuOpen(true);
            }}
          >
            <Icon name="menu" className="size-6" />
          </button>
        </div>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onOpenChange={setMenuOpen} user={user} returnFocusTo={menuButton} />
        </Suspense>
      )}
    </header>
  );
}
