import { cn } from "~/shared/lib/cn";
import { Icon } from "~/shared/ui/icon";
import type { Card } from "~/shared/lib/content-types";
import { LinkedText } from "~/shared/ui/linked-text";

/**
 * Two columns from 640 px; three or four from 1024 px, on a finer track (6 or
 * 12) so that a last row of fewer cards is shared evenly instead of leaving an
 * orphan or a gap (five cards: three, then two halves). Issue 22.
 */
const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-6",
  4: "sm:grid-cols-2 lg:grid-cols-12",
} as const;
const TRACKS = { 2: 2, 3: 6, 4: 12 } as const;
/** Written out whole, so that Tailwind sees every class it must generate. */
const LG_SPAN: Record<number, string> = { 2: "lg:col-span-2", 3: "lg:col-span-3", 4: "lg:col-span-4", 6: "lg:col-span-6", 12: "lg:col-span-12" };

/**
 * On a phone (under 640 px) a home-page block of many cards is one row the
 * visitor swipes through, the next card peeking in, instead of a column of
 * cards thousands of pixels long (the home page was 13,794 px tall at 390 px;
 * issue 22). From 640 px it is the usual grid. The row is focusable and named
 * so a keyboard can scroll it too (arrow keys), and it snaps card by card.
 */
export const SWIPE_LIST =
  "-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain scroll-px-4 px-4 pb-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:mx-0 sm:grid sm:snap-none sm:overflow-visible sm:px-0 sm:pb-0";
export const SWIPE_ITEM = "w-[84%] max-w-sm shrink-0 snap-start sm:w-auto sm:max-w-none";

/** A card whose paragraph is this long reads badly in a narrow column: it takes a row of its own. */
const WIDE_WORDS = 90;

/** The span classes of each card: full rows as usual, the last row of a run shared evenly; a wide card alone on its row. */
export function cardSpans(cards: readonly Pick<Card, "description">[], columns: keyof typeof COLUMNS): string[] {
  const spans: string[] = new Array<string>(cards.length).fill("");
  const wide = cards.map((card) => card.description.split(/\s+/).length > WIDE_WORDS);
  let start = 0;
  const flush = (end: number) => {
    const count = end - start;
    for (let i = start; i < end; i++) {
      const classes: string[] = [];
      // Two columns: an odd last card takes the whole row.
      if (count % 2 === 1 && i === end - 1) classes.push("sm:col-span-2");
      if (columns !== 2) {
        const full = Math.floor(count / columns) * columns;
        const inLastRow = count - full;
        classes.push(LG_SPAN[i - start < full ? TRACKS[columns] / columns : TRACKS[columns] / inLastRow]!);
      }
      spans[i] = classes.join(" ");
    }
  };
  cards.forEach((_, i) => {
    if (!wide[i]) return;
    flush(i);
    spans[i] = columns === 2 ? "sm:col-span-2" : `sm:col-span-2 ${LG_SPAN[TRACKS[columns]]!}`;
    start = i + 1;
  });
  flush(cards.length);
  return spans;
}

interface CardGridProps {
  cards: Card[];
  columns?: keyof typeof COLUMNS;
  /** Story cards carry their position (01, 02, …). */
  numbered?: boolean;
  tone?: "light" | "dark";
  /** Heading level of the card titles (h3 under a section's h2, h2 directly under a page's h1). */
  headingLevel?: "h2" | "h3";
  /** A swipeable row on phones (SWIPE_LIST), named for assistive technology: the home page's long blocks. */
  swipeLabel?: string;
}

/** Icon, title and paragraph cards: values, vision, features, story, legal sections… */
export function CardGrid({ cards, columns = 3, numbered = false, tone = "light", headingLevel: Heading = "h3", swipeLabel }: CardGridProps) {
  const spans = cardSpans(cards, columns);
  return (
    <ul
      className={cn(swipeLabel ? SWIPE_LIST : "grid", "sm:gap-5", swipeLabel ? undefined : "gap-5", COLUMNS[columns])}
      {...(swipeLabel ? { tabIndex: 0, "aria-label": swipeLabel } : {})}
    >
      {cards.map((card, index) => (
        <li
          key={card.title}
          className={cn(
            "group relative flex flex-col rounded-2xl p-6 transition-shadow",
            swipeLabel && SWIPE_ITEM,
            spans[index],
            tone === "light" ? "bg-white shadow-card ring-1 ring-ink-200/70 hover:shadow-lift" : "bg-white/5 ring-1 ring-white/10 hover:bg-white/[0.08]",
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
          {/* However wide the card (a row of its own, half a row), running text keeps the readable measure (about 70 characters a line). */}
          <p className={cn("mt-2 max-w-[30rem] text-[15px] leading-relaxed", tone === "light" ? "text-ink-600" : "text-brand-100")}>
            <LinkedText text={card.description} />
          </p>
        </li>
      ))}
    </ul>
  );
}
