/**
 * The chat widget's words in Hindi. Not in the root's loader data: the widget
 * loads 2 s after the page and brings these with it on Hindi pages
 * (features/chat-widget/chat-widget-loader.tsx); messages.hi.ts names them too.
 */
import { site } from "~/config/site";
import type { chat as en } from "../catalog/chat";

export const chat: typeof en = {
  close: `${site.productName} से बातचीत बंद करें`,
  closeShort: "बातचीत बंद करें",
  moveHint: "इसे खिसकाने के लिए खींचें या तीर वाली कुंजियाँ दबाएँ।",
  comingSoon: `${site.productName} जल्द आ रहा है!`,
  messagingAssistant: "WhatsApp पर बात करें",
  socialAssistant: "Instagram पर संदेश भेजें",
  supportPage: "सहायता टीम से संपर्क करें",
  opensInNewTab: "(नए टैब में खुलेगा)",
  disclaimer: `हमारा AI कंपनी का प्रतिनिधि है, जो ${site.companyName} और ${site.productName} के बारे में आम सवालों के जवाब देता है। अपने खाते या किसी ऑर्डर से जुड़े ख़ास सवालों के लिए कृपया हमारी सहायता टीम से संपर्क करें।`,
};
