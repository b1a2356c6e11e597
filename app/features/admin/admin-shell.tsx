import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/shared/lib/cn";
import { Container } from "~/shared/ui/layout";

const SECTIONS = [
  { to: "/admin/messages", label: "Inbox" },
  { to: "/admin/forms", label: "Forms" },
  { to: "/admin/accounts", label: "Accounts" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/mail", label: "Mail" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

/** The operator console's frame: which console this is, who is in it, and its sections. */
export function AdminShell({ operatorEmail, children }: { operatorEmail: string; children: ReactNode }) {
  return (
    <div className="border-t border-ink-100 bg-ink-50/60">
      <Container className="py-8 sm:py-10">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Operator console</p>
          <p className="text-sm text-ink-600">
            Signed in as <span className="font-medium text-ink-800">{operatorEmail}</span>
          </p>
        </div>
        <nav aria-label="Operator console" className="mt-4">
          <ul className="flex flex-wrap gap-x-1 border-b border-ink-200">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cn(
                      "-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500",
                      isActive ? "border-brand-600 text-brand-800" : "border-transparent text-ink-600 hover:border-ink-300 hover:text-ink-900",
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8">{children}</div>
      </Container>
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
