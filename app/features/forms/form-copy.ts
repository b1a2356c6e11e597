/** The forms' texts. The success texts, submitting labels and the failure text are the spec's, word for word. */
import { site } from "~/config/site";
import type { FormKind } from "./form-schema";

export interface FormCopy {
  /** The page: its eyebrow, heading (and <title>), introduction and meta description. */
  eyebrow: string;
  title: string;
  intro: string;
  description: string;
  /** The card's heading above the form. */
  heading: string;
  submit: string;
  /** Shown on the button while the message is on its way (spec section 4). */
  submitting: string;
  /** Spec section 2. */
  success: string;
  /** A line under the success text. */
  successFollowUp: string;
  sendAnother: string;
  messagePlaceholder: string;
}

export const FORM_COPY: Record<FormKind, FormCopy> = {
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
};

/** Spec section 8: any failure that is not a field error. */
export const SUBMISSION_FAILED = "Submission failed.";
