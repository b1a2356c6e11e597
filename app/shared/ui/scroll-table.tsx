import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/shared/lib/cn";

/**
 * A table wider than a phone, in a box that scrolls sideways. The box is a
 * named region that takes focus, so a keyboard user can scroll it with the
 * arrow keys (axe: scrollable-region-focusable), and it is `relative`, so a
 * heading cell's sr-only label is placed inside the scroller, not past the
 * page's edge.
 */
export function ScrollTable({
  label,
  card = false,
  className,
  tableClassName,
  children,
  ...table
}: {
  /** What a screen reader calls the region ("Audit log entries"). */
  label: string;
  /** On a white card of its own (a console list); else bare, inside a card or section. */
  card?: boolean;
  className?: string;
  tableClassName?: string;
  children: ReactNode;
} & Omit<ComponentProps<"table">, "className" | "children">) {
  return (
    <div
      className={cn("relative overflow-x-auto", card && "rounded-2xl bg-white shadow-sm ring-1 ring-ink-200", className)}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={cn("w-full text-sm", tableClassName)} {...table}>
        {children}
      </table>
    </div>
  );
}
