/** English words of the "waitlist" area (see ../messages.ts). */

export const waitlist = {
  email: "Email",
  yourAddress: "Your address",
  interestedIn: "Interested in",
  anything: "Anything",
  plansGroup: "Plans",
  productsGroup: "Products",
  planSuffix: "{plan} plan",
  submit: "Notify me at launch",
  submitting: "Adding you...",
  /** The honeypot's label: only a bot fills the field it names. */
  honeypot: "Leave this field empty",
  note: "One mail to confirm, then only the launch news. Unsubscribe with one click.",
  joinedTitle: "You are on the list",
  checkInboxTitle: "Check your inbox",
  checkInboxText: "Almost there: if {email} is not on the list yet, a link to confirm it is on its way. Open it to take your place.",
  joinedText: "You are on the waitlist for the {interest}. We will write to {email} at launch.",
  joinedTextAnything: "You are on the waitlist. We will write to {email} at launch.",
  /** Under "You are on the list" (no mail goes to a signed-in joiner, so this is their way off it). */
  leaveLink: "Changed your mind? Leave the waitlist",
  /** The form's check (waitlist-check.ts), shared by the page and the /waitlist action. */
  emailMissing: "Enter your email address.",
  emailInvalid: "Enter an email address like name@example.com.",
  interestInvalid: "Choose one of the plans or products in the list.",
};
