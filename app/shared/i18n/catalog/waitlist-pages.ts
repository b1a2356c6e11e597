/**
 * English words of the "waitlistPages" area (see ../messages.ts): the
 * /waitlist page (where a plain post's answer is shown), the mailed links'
 * pages /waitlist/confirm and /waitlist/unsubscribe, and the /waitlist
 * action's answers that the form shows wherever it is. The form's own words
 * are the shell's "waitlist" area.
 */
import { site } from "~/config/site";

export const waitlistPages = {
  eyebrow: "Launch list",
  /** The region around the form or the answer. */
  region: "Waitlist",
  home: "Home",
  join: {
    title: "Join the waitlist",
    description: `Be told when ${site.productName} and its plans launch: one mail to confirm, then only the launch news.`,
    intro: `Everything ${site.productName} makes is still on the way. Leave your address and we will tell you the day your plan or product launches.`,
    /** After a plain post from another page: back to it. */
    back: { comingSoon: "Back to Coming Soon", pricing: "Back to Pricing", product: "Back to Products" },
  },
  /** The /waitlist action's answers that are not a field's. */
  answers: {
    unavailable: "We could not add you just now. Please try again in a moment.",
    tooManyAttempts: "Too many attempts. Please wait {wait} and try again.",
    seconds: "{n} seconds",
    minutes: "{n} minutes",
    /** A body the server could not read: English pages show the server's own words. */
    unreadable: "The request body could not be read.",
  },
  confirm: {
    title: "Your place on the waitlist",
    description: `Confirm your place on the ${site.productName} launch waitlist.`,
    titlePending: "Confirm your place",
    titleListed: "You are on the list",
    titleBroken: "This link does not work",
    /** `{what}`: `whatInterest` with the plan or product, or the product's name when the person chose "Anything". */
    pending: "Confirm that {email} may hear from us when {what} launches. We will write only then, and every mail has an unsubscribe link.",
    whatInterest: "the {interest}",
    button: "Confirm my place",
    confirmed: "Thank you: your place is confirmed. We will write to {email} when {what} launches, and only then.",
    already: "Your place was confirmed already. We will write to {email} when {what} launches, and only then.",
    expired: "This confirmation link has expired (they work for 7 days). Join again and we will send a fresh one.",
    invalid: "This confirmation link is not valid: it may have been copied only in part, or a newer mail replaced it. Join again and we will send a fresh one.",
    seeWhatIsComing: "See what is coming",
    joinWaitlist: "Join the waitlist",
    changedMind: "Changed your mind? Every mail from us has an unsubscribe link.",
    howWeKeep: "How we keep your address",
  },
  unsubscribe: {
    title: "Leave the waitlist",
    description: "Leave the launch waitlist.",
    titleListed: "Leave the waitlist?",
    titleLeft: "You have left the waitlist",
    titleBroken: "This link does not work",
    listed: "{email} is on the launch waitlist. Leave it, and we delete the address: you will not hear from us about the launch.",
    button: "Leave the waitlist",
    removed: "Your address is removed from the waitlist, and we have deleted it. You will not hear from us about the launch.",
    gone: "This address is not on the waitlist (any more). You will not hear from us about the launch.",
    invalid: "This unsubscribe link is not valid: it may have been copied only in part. Write to us and we will remove your address by hand.",
    contactUs: "Contact us",
    joinAgain: "Join again",
  },
};
