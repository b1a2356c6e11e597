import type { ComponentProps } from "react";
import { FeaturesSection, JoinBand, StorySection, TeamSection, ValuesSection, VisionSection, WhyChooseUsSection } from "./sections";

export interface HomeSectionsProps {
  values: ComponentProps<typeof ValuesSection>["values"];
  whyChooseUs: ComponentProps<typeof WhyChooseUsSection>["content"];
  vision: ComponentProps<typeof VisionSection>["vision"];
  features: ComponentProps<typeof FeaturesSection>["features"];
  story: ComponentProps<typeof StorySection>["story"];
  team: ComponentProps<typeof TeamSection>["team"];
}

/**
 * The home page below the hero: text, cards and links only. On the server's
 * page it is a static island (routes/home.tsx), so this module is loaded only
 * when the browser draws the home page itself (a client-side navigation to it).
 */
export default function HomeSections({ values, whyChooseUs, vision, features, story, team }: HomeSectionsProps) {
  return (
    <>
      <ValuesSection values={values} />
      <WhyChooseUsSection content={whyChooseUs} />
      <VisionSection vision={vision} />
      <FeaturesSection features={features} />
      <StorySection story={story} />
      <TeamSection team={team} />
      <JoinBand />
    </>
  );
}
