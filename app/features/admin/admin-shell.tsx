import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { SignOutForm } from "~/features/auth";
import { cn } from "~/shared/lib/cn";
import { Icon } from "~/shared/ui/icon";
import type { IconName } from "~/shared/ui/icons/names";
import { Logo } from "~/shared/ui/logo";

const SECTIONS: readonly { to: string; label: string; icon: IconName }[] = [
  { to: "/admin/messages", label: "Inbox", icon: "mail" },
  { to: "/admin/forms", label: "Forms", icon: "file-text" },
  { to: "/admin/accounts", label: "Accounts", icon: "users" },
  { to: "/admin/waitlist", label: "Waitlist", icon: "bell" },
  { to: "/admin/analytics", label: "Analytics", icon: "activity" },
  { to: "/admin/help", label: "Ask Tuesday", icon: "message-circle" },
  { to: "/admin/mail", label: "Mail", icon: "send" },
  { to: "/admin/audit", label: "Audit log", icon: "shield-check" },
];

const linkClass = "text-sm font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/**
 * The operator console as an app of its own (issue 21): its own header and
 * navigation (a sidebar from 1024 px, a scrolling row of tabs below), who is
 * signed in, a way back to the site and out; no marketing header, footer or
 * navigation overlay (the root renders a bare shell for /admin). `notice`: the
 * flash message a redirect left (shown here, as the site shell does elsewhere).
 */
export function AdminShell({ operatorEmail, notice, children }: { operatorEmail: string; notice?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-ink-50 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <header className="border-b border-ink-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex h-16 items-center justify-between gap-3 px-4 lg:px-5">
          <Link to="/admin/messages" className="inline-flex items-center gap-2 rounded-lg whitespace-nowrap">
            <Logo />
            <span className="rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">Console</span>
          </Link>
          {/* Document loads: the site's pages ship no framework (ADR 0035), and a client render lacks their page script. */}
          <Link to="/" reloadDocument className={cn(linkClass, "lg:hidden")}>
            View the site
          </Link>
        </div>
        <nav aria-label="Operator console" className="overflow-x-auto px-2 pb-2 lg:flex-1 lg:overflow-visible lg:px-3 lg:pt-2">
          <ul className="flex gap-1 lg:flex-col">
            {SECTIONS.map((section) => (
              <li key={section.to} className="shrink-0">
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cn(
                      "flex h-10 items-center gap-2.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500",
                      isActive ? "bg-brand-50 text-brand-800" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
                    )
                  }
                >
                  <Icon name={section.icon} className="size-4" />
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden border-t border-ink-200 p-5 lg:block">
          <p className="text-xs text-ink-600">Signed in as</p>
          <p className="truncate text-sm font-medium text-ink-900" title={operatorEmail}>
            {operatorEmail}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link to="/" reloadDocument className={linkClass}>
              View the site
            </Link>
            <SignOutForm className={cn(linkClass, "cursor-pointer")}>Sign out</SignOutForm>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-10">
        <p className="mb-4 text-sm text-ink-600 lg:hidden">
          Signed in as <span className="font-medium text-ink-800">{operatorEmail}</span>
        </p>
        {notice}
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}

/** A section's heading and one line on what it is for. */
export function AdminHeading({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{title}</h1>
        {intro && <p className="mt-1 max-w-2xl text-ink-600">{intro}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
