import type { BrandIconName } from "./icons/names";
import spriteHref from "./icons/sprite.svg?url";

/** A brand's mark (Simple Icons, CC0) from the icon sprite, in the current text colour. */
export function BrandIcon({ network, className = "size-5" }: { network: BrandIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`${spriteHref}#brand-${network}`} />
    </svg>
  );
}
