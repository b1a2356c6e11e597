/** English words of the "chat" area (see ../messages.ts). */
import { site } from "~/config/site";

export const chat = {
  close: `Close chat with ${site.productName}`,
  closeShort: "Close chat",
  moveHint: "Drag it, or use the arrow keys, to move it.",
  comingSoon: `${site.productName} coming soon!`,
  messagingAssistant: site.chatWidget.messagingAssistant.label,
  socialAssistant: site.chatWidget.socialAssistant.label,
  supportPage: site.chatWidget.supportPage.label,
  opensInNewTab: "(opens in a new tab)",
  askTitle: "Ask a question",
  askLabel: `Your question about ${site.productName}`,
  askPlaceholder: "Type your question",
  askSubmit: "Ask",
  asking: "Looking it up...",
  askHint: "Answers come from this site's pages. Your question is not stored.",
  answerLabel: "Answer",
  sources: "Sources",
  followUps: "You could also ask",
  writeToTeam: "Write to the team",
  helpful: "Helpful",
  notHelpful: "Not helpful",
  thanks: "Thank you for telling us.",
  tooLong: "The question is too long: at most 500 characters.",
  rateLimited: "Too many questions from this connection. Please wait a few minutes and ask again.",
  askFailed: "The answer could not be fetched. Try again, or open the answer as a page.",
  /** Starter questions by what the page is about (features/help/starters.ts picks them). */
  starters: {
    pricing: ["How much is the Student plan?", "Can I cancel a subscription?", "Are prices in rupees?"],
    privacy: ["Do you sell my data?", "How do I download my data?", "How do I delete my account?"],
    company: ["Who founded the company?", "Where are you based?", "What is your mission?"],
    products: ["What products are you building?", "When will the assistant launch?", "What is the Student Program?"],
    blog: ["What is tokenization?", "What is retrieval-augmented generation?", "How are AI models evaluated?"],
    general: ["How much is the Student plan?", "Do you sell my data?", "Can I get a refund?"],
  },
  disclaimer: `Our AI is a company representative that answers general questions about ${site.companyName} and ${site.productName}. For specific queries about your account or an order, please contact our support team.`,
};
