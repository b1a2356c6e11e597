import { ParticlesBackground } from "~/features/particles";
import { ButtonLink } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { site } from "~/config/site";
import { useLocalize } from "~/shared/i18n/use-locale";

export interface HeroContent {
  tagline: string;
  subtitle: string;
  note: string;
  tryLabel: string;
  storyLabel: string;
  /** The pill above the tagline. */
  badge: string;
  /** The conversation preview's caption and its accessible name. */
  previewTitle: string;
  previewLabel: string;
  preview: ReadonlyArray<{ from: "user" | "assistant"; text: string }>;
}

/** The home page's opening: the tagline, Try (to /coming-soon) and Our Story (to /story). */
export function Hero({ content }: { content: HeroContent }) {
  const localize = useLocalize();
  return (
    <section aria-labelledby="hero-heading" className="scheme-light relative isolate overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_40rem_at_20%_-10%,oklch(0.54_0.24_293/0.55),transparent),radial-gradient(40rem_30rem_at_90%_110%,oklch(0.75_0.17_60/0.25),transparent)]"
      />
      <ParticlesBackground id="hero-particles" fade="start" />
      <Container className="relative grid items-center gap-12 py-20 sm:py-28 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            <span className="size-2 rounded-full bg-saffron-400" aria-hidden="true" />
            {content.badge}
          </p>
          <h1 id="hero-heading" className="mt-6 text-5xl leading-[1.05] font-extrabold text-white sm:text-6xl lg:text-7xl">
            {content.tagline}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-brand-100 sm:text-xl">{content.subtitle}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={localize("/coming-soon")} variant="light" size="lg">
              {content.tryLabel}
              <Icon name="arrow-right" className="size-4" />
            </ButtonLink>
            <ButtonLink to={localize("/story")} variant="outline-light" size="lg">
              {content.storyLabel}
            </ButtonLink>
          </div>
          <p className="mt-6 flex items-center gap-2 text-sm text-brand-200">
            <Icon name="check" className="size-4 text-saffron-300" />
            {content.note}
          </p>
        </div>
        <ChatPreview messages={content.preview} title={content.previewTitle} label={content.previewLabel} />
      </Container>
    </section>
  );
}

/** A still picture of a conversation: what the assistant will feel like. */
function ChatPreview({ messages, title, label }: { messages: HeroContent["preview"]; title: string; label: string }) {
  return (
    <figure className="relative mx-auto hidden w-full max-w-md lg:block" aria-label={label}>
      <div className="rounded-3xl bg-white/10 p-5 shadow-2xl ring-1 ring-white/15 backdrop-blur">
        <div className="flex items-center gap-3 border-b border-white/10 pb-4">
          <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-500 text-white">
            <Icon name="sparkles" className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-white">{site.productName}</p>
            <p className="text-xs text-brand-200">{title}</p>
          </div>
        </div>
        <div className="space-y-3 pt-4 text-sm leading-relaxed">
          {messages.map((m) => (
            <p
              key={m.text}
              className={
                m.from === "user"
                  ? "ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-saffron-400 px-4 py-2.5 text-ink-950"
                  : "w-fit max-w-[90%] rounded-2xl rounded-bl-md bg-white px-4 py-2.5 text-ink-900"
              }
            >
              {m.text}
            </p>
          ))}
          <p className="flex w-fit items-center gap-1.5 rounded-2xl rounded-bl-md bg-white/15 px-4 py-3" aria-hidden="true">
            <span className="size-1.5 rounded-full bg-white" />
            <span className="size-1.5 rounded-full bg-white/70" />
            <span className="size-1.5 rounded-full bg-white/40" />
          </p>
        </div>
      </div>
    </figure>
  );
}
