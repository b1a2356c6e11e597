import { cn } from "~/shared/lib/cn";
import { initialOf } from "~/shared/lib/viewer";

const SIZES = {
  sm: "size-8 rounded-full text-sm",
  md: "size-10 rounded-full text-base",
  lg: "size-20 rounded-3xl text-4xl shadow-sm",
} as const;

/**
 * The initial-letter avatar (spec section 2): header, side menu and profile
 * alike. The letter is drawn by CSS (`.avatar-initial`), not a text node: it is
 * decoration, and as text it would be part of the visible label of the button
 * it sits in ("A Asha" against the name "Account menu for Asha": WCAG 2.5.3).
 */
export function Avatar({ name, email, size = "md", className }: { name: string; email: string; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-initial={initialOf({ name, email })}
      className={cn(
        "avatar-initial",
        "scheme-light inline-flex shrink-0 items-center justify-center bg-gradient-to-br from-brand-500 to-brand-800 font-bold text-white",
        SIZES[size],
        className,
      )}
    />
  );
}
