import { cn } from "~/shared/lib/cn";
import type { IconName } from "./icons/names";
import spriteHref from "./icons/sprite.svg?url";

/**
 * A Lucide icon drawn from the sprite (one hashed, cached file): no
 * JavaScript per icon. Decorative unless given a `title`.
 */
export function Icon({ name, className, title }: { name: IconName; className?: string; title?: string }) {
  return (
    <svg
      className={cn("size-5 shrink-0", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
    >
      {title && <title>{title}</title>}
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
