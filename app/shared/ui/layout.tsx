import type { ReactNode } from "react";
import { cn } from "~/shared/lib/cn";

export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>;
}

interface SectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** h1 for a page's own heading, h2 for blocks inside a page. */
  as?: "h1" | "h2";
  className?: string;
  children?: ReactNode;
  tone?: "white" | "tint";
}

/** A page block: optional eyebrow, heading, introduction, then content. */
export function Section({ id, eyebrow, title, intro, as: Heading = "h2", className, children, tone = "white" }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-16 sm:py-20", tone === "tint" && "bg-ink-50", className)}>
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
          <Heading id={headingId} className={cn("mt-2 font-bold", Heading === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl")}>
            {title}
          </Heading>
          {intro && <div className="mt-4 text-lg leading-relaxed text-ink-600">{intro}</div>}
        </div>
        {children && <div className="mt-12">{children}</div>}
      </Container>
    </section>
  );
}

/** The coloured band at the top of an inner page, with its h1. */
export function PageHeader({ eyebrow, title, intro, children }: { eyebrow?: string; title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <header className="scheme-light relative overflow-hidden bg-gradient-to-b from-brand-950 via-brand-900 to-brand-800 text-white">
      {children}
      <Container className="relative py-16 text-center sm:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-saffron-300">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-bold text-white sm:text-5xl">{title}</h1>
        {intro && <div className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-balance text-brand-100">{intro}</div>}
      </Container>
    </header>
  );
}

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70", className)}>{children}</div>;
}
