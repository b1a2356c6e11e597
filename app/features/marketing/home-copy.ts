/**
 * The words of the home page below its hero, in each language, as modules of
 * their own (./home-copy.en.ts, ./home-copy.hi.ts). The home sections
 * (./home-sections.tsx) take only the page's language and bring their words
 * from here: a hydrated page's browser fetches a language's words only when it
 * draws the home page itself (a client-side navigation to it).
 */
import type { ComponentProps } from "react";
import type { sections } from "~/shared/i18n/catalog/sections";
import type { Locale } from "~/shared/i18n/locale";
import type { FeaturesSection, StorySection, TeamSection, ValuesSection, VisionSection, WhyChooseUsSection } from "./sections";

export interface HomeCopy {
  values: ComponentProps<typeof ValuesSection>["values"];
  whyChooseUs: ComponentProps<typeof WhyChooseUsSection>["content"];
  vision: ComponentProps<typeof VisionSection>["vision"];
  features: ComponentProps<typeof FeaturesSection>["features"];
  story: ComponentProps<typeof StorySection>["story"];
  team: ComponentProps<typeof TeamSection>["team"];
  /** The blocks' headings and links (the "sections" area), which the page's data does not carry either. */
  sections: typeof sections;
}

const modules: Record<Locale, () => Promise<{ default: HomeCopy }>> = {
  en: () => import("./home-copy.en"),
  hi: () => import("./home-copy.hi"),
};

const loaded: Partial<Record<Locale, HomeCopy>> = {};
const pending: Partial<Record<Locale, Promise<HomeCopy>>> = {};

/** A language's words: at once when here, else the promise of them (asked for once; asked again after a failure). */
export function homeCopy(locale: Locale): HomeCopy | Promise<HomeCopy> {
  return (
    loaded[locale] ??
    (pending[locale] ??= modules[locale]().then(
      (module) => (loaded[locale] = module.default),
      (error: unknown) => {
        // A module that did not come (the network) is asked for again next time.
        delete pending[locale];
        throw error;
      },
    ))
  );
}
