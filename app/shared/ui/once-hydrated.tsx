import type { ReactNode } from "react";
import { cn } from "~/shared/lib/cn";
import { useHydrated } from "~/shared/lib/use-hydrated";

/**
 * A control that needs the page's scripts, shown once it works (issue 39):
 * until the page has hydrated it keeps its place, invisible (so it cannot be
 * pressed), with `meanwhile` in the same place, what a visitor without
 * scripts can know or do instead. Both share one grid cell, so the taller
 * sets the height and nothing below moves when the control appears: a tap
 * aimed at the next row while the scripts load lands where it was aimed.
 */
export function OnceHydrated({ meanwhile, children, className }: { meanwhile: ReactNode; children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  return (
    <div className={cn("grid", className)}>
      <div className={cn("col-start-1 row-start-1", !hydrated && "invisible")}>{children}</div>
      {!hydrated && <div className="col-start-1 row-start-1">{meanwhile}</div>}
    </div>
  );
}
