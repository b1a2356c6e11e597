import type { ComponentProps } from "react";
import { cn } from "~/shared/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "light" | "outline-light";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 select-none";

const variants: Record<ButtonVariant, string> = {
  primary: "scheme-light bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-500",
  secondary: "bg-white text-ink-900 ring-1 ring-inset ring-ink-200 hover:bg-ink-50 hover:ring-ink-300",
  ghost: "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
  danger: "scheme-light bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-500",
  light: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
  "outline-light": "text-white ring-1 ring-inset ring-white/40 hover:bg-white/10",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-base",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

type ButtonLinkProps = Omit<ComponentProps<"a">, "href"> & { to: string; variant?: ButtonVariant; size?: ButtonSize };

/**
 * A link that looks like a button, to another page loaded whole (a plain
 * anchor: most pages run no framework, ADR 0035; and a plain anchor costs
 * the server's render nothing of React Router's).
 */
export function ButtonLink({ variant, size, className, to, ...props }: ButtonLinkProps) {
  return <a href={to} className={buttonClasses(variant, size, className)} {...props} />;
}

type ActionButtonProps = Omit<ComponentProps<"button">, "type" | "form" | "onClick"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The query of the URL that shows the same thing server-side (e.g. `{ edit: "1" }`), for a press without JavaScript. */
  query?: Record<string, string>;
  /**
   * For a button inside another form (forms do not nest): the id of the GET
   * form, placed outside it, that the button submits without JavaScript.
   */
  form?: string;
  /** What the press does with JavaScript: in place, no page load. */
  onAction: () => void;
};

/**
 * A button that acts in place, and without JavaScript asks the server for
 * this page with `query`: a GET form around it (or `form`'s). It is the same
 * element from the first paint on, so no press is lost: before the scripts
 * it loads the page that shows the outcome; during hydration React hands the
 * press to `onAction` (a link swapped for a button there dropped it with its
 * element).
 */
export function ActionButton({ variant, size, className, query = {}, form, onAction, children, ...props }: ActionButtonProps) {
  const button = (
    <button
      type="submit"
      form={form}
      className={buttonClasses(variant, size, className)}
      onClick={(event) => {
        event.preventDefault();
        onAction();
      }}
      {...props}
    >
      {children}
    </button>
  );
  if (form) return button;
  return (
    // `contents`: the button, not the form, is the item of the toolbar's grid or flex row.
    // No #fragment: Chromium takes the focus from a field being typed in when a fragment page finishes
    // loading, which a press before the scripts makes late. The page it loads places its own focus.
    <form method="get" className="contents">
      {Object.entries(query).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {button}
    </form>
  );
}
