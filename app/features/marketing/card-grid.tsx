import { cn } from "~/shared/lib/cn";
import { Icon } from "~/shared/ui/icon";
import type { Card } from "~/shared/lib/content-types";
import { LinkedText } from "~/shared/ui/linked-text";

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

interface CardGridProps {
  cards: Card[];
  columns?: keyof typeof COLUMNS;
  /** Story cards carry their position (01, 02, …). */
  numbered?: boolean;
  tone?: "light" | "dark";
  /** Heading level of the card titles (h3 under a section's h2, h2 directly under a page's h1). */
  headingLevel?: "h2" | "h3";
}

/** Icon, title and paragraph cards: values, vision, features, story, legal sections… */
export function CardGrid({ cards, columns = 3, numbered = false, tone = "light", headingLevel: Heading = "h3" }: CardGridProps) {
  return (
    <ul className={cn("grid gap-5", COLUMNS[columns])}>
      {cards.map((card, index) => (
        <li
          key={card.title}
          className={cn(
            "group relative flex flex-col rounded-2xl p-6 transition-shadow",
            tone === "light"
              ? "bg-white shadow-card ring-1 ring-ink-200/70 hover:shadow-lift"
              : "bg-white/5 ring-1 ring-white/10 hover:bg-white/[0.08]",
          )}
        >
          <div className="flex items-center justify-between">
            <span
              className={cn(
                "inline-flex size-11 items-center justify-center rounded-xl",
                tone === "light" ? "bg-brand-50 text-brand-700" : "bg-brand-500/20 text-brand-200",
              )}
            >
              <Icon name={card.icon} className="size-[22px]" />
            </span>
            {numbered && (
              <span className={cn("text-sm font-bold tabular-nums", tone === "light" ? "text-ink-500" : "text-brand-200")} aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
            )}
          </div>
          <Heading className={cn("mt-4 text-lg font-semibold", tone === "dark" && "text-white")}>{card.title}</Heading>
          <p className={cn("mt-2 text-[15px] leading-relaxed", tone === "light" ? "text-ink-600" : "text-brand-100")}><LinkedText text={card.description} />
          </p>
        </li>
      ))}
    </ul>
  );
}
