import { extendTailwindMerge } from "tailwind-merge";

/**
 * Joins class names, and when two set the same thing (`max-w-6xl` from a
 * component, `max-w-3xl` from its caller) the later one wins: the caller's.
 * Without the merge both apply and whichever comes later in the stylesheet
 * wins, whatever the caller meant.
 */
const merge = extendTailwindMerge({
  extend: {
    // Our theme's shadow names, so that `shadow-card` and `shadow-lift` replace each other.
    classGroups: { shadow: [{ shadow: ["card", "lift"] }] },
  },
});

export function cn(...parts: Array<string | false | null | undefined>): string {
  return merge(parts.filter(Boolean).join(" "));
}
