import type { Viewer } from "~/shared/lib/viewer";
import type { Interest } from "./interests";
import { WaitlistForm } from "./waitlist-form";

interface WaitlistSectionProps {
  id: string;
  title: string;
  text: string;
  interests: readonly Interest[];
  source: string;
  viewer: Pick<Viewer, "email"> | null | undefined;
}

/** The waitlist as a block of a page (under the pricing cards, the products, the coming-soon list). */
export function WaitlistSection({ id, title, text, interests, source, viewer }: WaitlistSectionProps) {
  return (
    <section aria-labelledby={id} className="mx-auto mt-14 max-w-4xl rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-10">
      <h2 id={id} className="text-2xl font-bold text-balance sm:text-3xl">
        {title}
      </h2>
      <p className="mt-2 text-ink-700">{text}</p>
      <div className="mt-6">
        <WaitlistForm interests={interests} source={source} viewer={viewer} />
      </div>
    </section>
  );
}
