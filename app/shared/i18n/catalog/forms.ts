/**
 * English words of the "forms" area (see ../messages.ts): the /feedback and
 * /contact pages, their form, its field errors and the answers a visitor reads
 * there. The success texts, submitting labels and the failure text are the
 * spec's, word for word. The form service's JSON API (`/api/forms/:kind`,
 * `/f/:form`) answers with these English words only.
 */
import { site } from "~/config/site";

export const forms = {
  /** Each form's page: eyebrow, heading (and <title>), introduction, meta description; the card; the button (spec section 4); the success text (spec section 2). */
  feedback: {
    eyebrow: "Feedback",
    title: "Share Your Feedback",
    intro: "What works, what doesn't, what you would like to see next: it all shapes what we build.",
    description: `Tell the ${site.productName} team what works, what does not and what you would like to see next.`,
    heading: "Tell us what you think",
    submit: "Submit Feedback",
    submitting: "Submitting...",
    success: "Thank You! Your feedback has been successfully submitted.",
    successFollowUp: "Every message is read by the team. Ideas that come up often go straight onto the roadmap.",
    sendAnother: "Share more feedback",
    messagePlaceholder: "What works, what doesn't, what you would like to see next…",
  },
  contact: {
    eyebrow: "Contact",
    title: "Contact Us",
    intro: "Questions, partnerships, support or press: write to us and a person on the team will answer.",
    description: `Write to the ${site.productName} team: questions, partnerships, support or press.`,
    heading: "Send us a message",
    submit: "Send Message",
    submitting: "Sending...",
    success: "Message Sent! Thank you for reaching out to us.",
    successFollowUp: "We usually reply within two working days, to the email address you gave.",
    sendAnother: "Send another message",
    messagePlaceholder: "How can we help?",
  },
  allRequired: "All fields are required.",
  /** The fields' labels; every field error starts with one (spec section 5). */
  labels: { name: "Name", email: "Email", message: "Message" },
  messageHint: "Up to {max} characters.",
  /** `{link}` is the privacy policy's link, with the words of `privacyLink`. */
  privacyNote: "We use your details only to answer you. See our {link}.",
  privacyLink: "Privacy Policy",
  /** The honeypot's label: only a bot fills the field it names. */
  honeypot: "Leave this field empty",
  /** Spec section 8: any failure that is not a field error. */
  submissionFailed: "Submission failed.",
  /** The form service's field errors (spec section 8), `{label}` first. */
  fieldErrors: {
    required: "{label}: this field is required",
    email: "{label}: must be a valid email address",
    text: "{label}: must be text",
    number: "{label}: must be a number",
    tooLong: "{label}: must be at most {max} characters (this one has {got})",
  },
  /** Form-level errors (codes EMPTY, NO_FILE_UPLOADS). */
  empty: "The submission is empty: send name, email and message.",
  noFileUploads: "File uploads are not accepted by this form.",
  /** The reasons shown under "Submission failed.". */
  tooLarge: "The submission is too large: the limit is 32 KB.",
  dayFull: "This form has received too many messages today. Please try again tomorrow, or write to us by email.",
  clientDayFull: "This form has received too many messages from your network today. Please try again tomorrow, or write to us by email.",
  tooManyAttempts: "Too many attempts. Please wait {wait} and try again.",
  seconds: "{n} seconds",
  minutes: "{n} minutes",
  /** A body the server could not read, and a form token used for other text: English pages show the server's own words. */
  unreadable: "The request body could not be read.",
  badKey: "This Idempotency-Key was already used for a different request.",
  /** The side cards beside the form. */
  side: {
    emailTitle: "Email us directly",
    emailText: "Prefer your own mail app? Write to us at",
    expectTitle: "What to expect",
    expectReply: "A reply from a person, usually within two working days.",
    expectAccount: "About your account? Write from the address you signed up with, and never send your password.",
    expectPartners: "Partnerships, press and enterprise questions are welcome too.",
    feedbackTitle: "What happens with your feedback",
    feedbackRead: `Every message is read by someone on the ${site.productName} team.`,
    feedbackBugs: "Bug reports are checked first; ideas that come up often go onto the roadmap.",
    feedbackReply: "If we need more detail, we write back to the email address you give.",
    talkTitle: "Talk it through",
    /** `{link}` is the community page's link, with the words of `talkLink`. */
    talkText: "Discuss ideas with other members and the team in the {link}.",
    talkLink: `${site.productName} community`,
  },
};
