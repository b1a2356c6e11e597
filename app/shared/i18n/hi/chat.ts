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
  askTitle: "सवाल पूछें",
  askLabel: `${site.productName} के बारे में आपका सवाल`,
  askPlaceholder: "अपना सवाल लिखें",
  askSubmit: "पूछें",
  asking: "जवाब ढूँढ रहे हैं...",
  askHint: "जवाब इसी साइट के पेजों से आते हैं। आपका सवाल सहेजा नहीं जाता।",
  answerLabel: "जवाब",
  sources: "स्रोत",
  followUps: "आप यह भी पूछ सकते हैं",
  writeToTeam: "टीम को लिखें",
  helpful: "काम का",
  notHelpful: "काम का नहीं",
  thanks: "बताने के लिए धन्यवाद।",
  empty: "पहले अपना सवाल लिखें।",
  tooLong: "सवाल बहुत लंबा है: ज़्यादा से ज़्यादा 500 अक्षर।",
  rateLimited: "इस कनेक्शन से बहुत सारे सवाल आए हैं। कुछ मिनट रुककर फिर पूछें।",
  askFailed: "जवाब नहीं मिल सका। फिर कोशिश करें, या जवाब को पेज की तरह खोलें।",
  starters: {
    pricing: ["स्टूडेंट प्लान कितने का है?", "क्या सदस्यता रद्द हो सकती है?", "क्या कीमतें रुपये में हैं?"],
    privacy: ["क्या आप मेरा डेटा बेचते हैं?", "मैं अपना डेटा कैसे डाउनलोड करूँ?", "मैं अपना खाता कैसे मिटाऊँ?"],
    company: ["कंपनी किसने शुरू की?", "आप कहाँ से हैं?", "आपका मिशन क्या है?"],
    products: ["आप कौन-से उत्पाद बना रहे हैं?", "असिस्टेंट कब आएगा?", "स्टूडेंट प्रोग्राम क्या है?"],
    blog: ["टोकनाइज़ेशन क्या है?", "RAG क्या होता है?", "AI मॉडल को कैसे परखा जाता है?"],
    general: ["स्टूडेंट प्लान कितने का है?", "क्या आप मेरा डेटा बेचते हैं?", "क्या पैसे वापस मिलेंगे?"],
  },
  disclaimer: `हमारा AI कंपनी का प्रतिनिधि है, जो ${site.companyName} और ${site.productName} के बारे में आम सवालों के जवाब देता है। अपने खाते या किसी ऑर्डर से जुड़े ख़ास सवालों के लिए कृपया हमारी सहायता टीम से संपर्क करें।`,
};
