import type { TeamMember } from "~/config/site";
import { cn } from "~/shared/lib/cn";
import { Icon } from "~/shared/ui/icon";
import { SWIPE_ITEM, SWIPE_LIST } from "./card-grid";

/** The team section: six members, each with name, role, description and icon. */
export function TeamGrid({ team, headingLevel: Heading = "h3", swipeLabel }: { team: TeamMember[]; headingLevel?: "h2" | "h3"; swipeLabel?: string }) {
  return (
    <ul
      className={cn(swipeLabel ? SWIPE_LIST : "grid gap-5", "sm:grid-cols-2 sm:gap-5 lg:grid-cols-3")}
      {...(swipeLabel ? { tabIndex: 0, "aria-label": swipeLabel } : {})}
    >
      {team.map((member) => (
        <li key={member.name} className={cn("flex flex-col rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70", swipeLabel && SWIPE_ITEM)}>
          <div className="flex items-center gap-4">
            <span className="scheme-light inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-800 text-white shadow-sm">
              <Icon name={member.icon} className="size-6" />
            </span>
            <div className="min-w-0">
              <Heading className="text-lg font-semibold">{member.name}</Heading>
              <p className="text-sm font-medium text-brand-700">{member.role}</p>
            </div>
          </div>
          <p className="mt-4 text-[15px] leading-relaxed text-ink-600">{member.description}</p>
        </li>
      ))}
    </ul>
  );
}
