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
  disclaimer: `Our AI is a company representative that answers general questions about ${site.companyName} and ${site.productName}. For specific queries about your account or an order, please contact our support team.`,
};
