import { LinkedText } from "~/shared/ui/linked-text";
import type { LegalSection } from "./content";

/** Numbered sections of running text (cookie policy, license). */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <div className="space-y-10">
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`section-${index}`}>
          <h2 id={`section-${index}`} className="text-2xl font-bold">
            <span className="mr-2 text-brand-600 tabular-nums">{index + 1}.</span>
            {section.title}
          </h2>
          <div className="prose mt-4">
            {section.body.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>
                <LinkedText text={paragraph} />
              </p>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
