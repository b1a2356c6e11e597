import { useId } from "react";
import { site } from "~/config/site";
import { cn } from "~/shared/lib/cn";

/** The brand mark: a rounded square with a spark, and the product name. */
export function Logo({ className, tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  // One id per logo: the header and the side menu each draw one.
  const gradient = useId();
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="oklch(0.61 0.22 293)" />
            <stop offset="1" stopColor="oklch(0.40 0.19 293)" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <path d="M16 6.5l2.3 6.2 6.2 2.3-6.2 2.3-2.3 6.2-2.3-6.2-6.2-2.3 6.2-2.3z" fill="white" />
        <circle cx="24" cy="8.5" r="2" fill="oklch(0.80 0.16 70)" />
      </svg>
      <span className={cn("text-lg", tone === "light" ? "text-white" : "text-ink-950")}>{site.productName}</span>
    </span>
  );
}
