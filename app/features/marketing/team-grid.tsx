import type { TeamMember } from "~/config/site";
import { Icon } from "~/shared/ui/icon";

/** The team section: six members, each with name, role, description and icon. */
export function TeamGrid({ team, headingLevel: Heading = "h3" }: { team: TeamMember[]; headingLevel?: "h2" | "h3" }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {team.map((member) => (
        <li key={member.name} className="flex flex-col rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70">
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
