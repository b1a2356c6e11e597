import type { ReactNode } from "react";
import { cn } from "~/shared/lib/cn";
import { Icon } from "./icon";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";

interface BannerProps {
  tone: "error" | "success" | "info" | "warning";
  children: ReactNode;
  /**
   * A ✕ that hides it, by CSS (a checkbox the ✕ is the label of; app.css `[data-dismissible]`):
   * it needs no script, so it works on every page, hydrated or not.
   */
  dismissible?: boolean;
  className?: string;
}

/** Failures in red, successes in green (spec section 2), warnings in amber; `dismissible` with a ✕. */
export function Banner({ tone, children, dismissible = false, className }: BannerProps) {
  const t = useMessages("shell", shell);
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-tone={tone}
      data-dismissible={dismissible ? "" : undefined}
      className={cn(
        "flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ring-inset",
        tone === "error" && "bg-red-50 text-red-800 ring-red-200",
        tone === "success" && "bg-emerald-50 text-emerald-800 ring-emerald-200",
        tone === "info" && "bg-brand-50 text-brand-900 ring-brand-200",
        tone === "warning" && "bg-amber-50 text-amber-950 ring-amber-300",
        className,
      )}
    >
      <Icon name={tone === "error" || tone === "warning" ? "circle-alert" : tone === "info" ? "lightbulb" : "circle-check"} className="mt-0.5 size-4" />
      <div className="min-w-0 flex-1">{children}</div>
      {dismissible && (
        <label className="-m-1 cursor-pointer rounded-lg p-1 opacity-70 hover:opacity-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500">
          <input type="checkbox" className="sr-only" aria-label={t.dismissMessage} />
          <Icon name="x" className="size-4" />
        </label>
      )}
    </div>
  );
}
