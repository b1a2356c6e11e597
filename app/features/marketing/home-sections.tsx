import { use } from "react";
import type { Locale } from "~/shared/i18n/locale";
import { MessagesScope } from "~/shared/i18n/messages";
import { homeCopy } from "./home-copy";
import { FeaturesSection, JoinBand, StorySection, TeamSection, ValuesSection, VisionSection, WhyChooseUsSection } from "./sections";

export interface HomeSectionsProps {
  locale: Locale;
}

// The server draws the blocks for every request and the prerender: both languages' words are ready before the first.
if (typeof document === "undefined") {
  void homeCopy("en");
  void homeCopy("hi");
}

/**
 * The home page below the hero: text, cards and links only. It is handed the
 * language alone and brings the words itself (./home-copy.ts).
 */
export default function HomeSections({ locale }: HomeSectionsProps) {
  const copy = homeCopy(locale);
  const { values, whyChooseUs, vision, features, story, team, sections } = copy instanceof Promise ? use(copy) : copy;
  return (
    <MessagesScope value={{ sections }}>
      <ValuesSection values={values} />
      <WhyChooseUsSection content={whyChooseUs} />
      <VisionSection vision={vision} />
      <FeaturesSection features={features} />
      <StorySection story={story} />
      <TeamSection team={team} />
      <JoinBand />
    </MessagesScope>
  );
}
