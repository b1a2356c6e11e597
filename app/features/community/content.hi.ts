/** The /community page's copy in Hindi (the English is ./content.ts; network names stay in Latin script). */
import { site } from "~/config/site";
import type * as en from "./content";

export const communityIntro: typeof en.communityIntro = {
  eyebrow: "समुदाय",
  title: "समुदाय से जुड़ें",
  intro: `${site.productName} को वही लोग आकार दे रहे हैं जो इसे इस्तेमाल करेंगे। हमारी प्रगति पर नज़र रखिए, सवाल पूछिए, शुरुआती संस्करण परखिए और बताइए कि आपको क्या चाहिए।`,
};

export const joinCards: typeof en.joinCards = [
  {
    network: "x",
    title: "Twitter / X",
    description: "उत्पादों की ख़बरें, पर्दे के पीछे की झलकियाँ और बनाते-बनाते टीम के छोटे-छोटे नोट्स पाने के लिए हमें फ़ॉलो करें।",
    cta: "X पर फ़ॉलो करें",
  },
  {
    network: "telegram",
    title: "Telegram",
    description: "ग्रुप में शामिल होकर टीम और बाक़ी सदस्यों से बात कीजिए, सवाल पूछिए और शुरुआती परीक्षण में हिस्सा लीजिए।",
    cta: "Telegram पर जुड़ें",
  },
  {
    network: "whatsapp",
    title: "WhatsApp चैनल",
    description: "लॉन्च की तारीख़ें और विद्यार्थी कार्यक्रम की ख़बरें जैसी ज़रूरी घोषणाएँ सीधे अपने फ़ोन पर पाइए। कोई स्पैम नहीं, बस काम की ख़बरें।",
    cta: "चैनल फ़ॉलो करें",
  },
];

export const benefits: typeof en.benefits = [
  {
    title: "चर्चा",
    description: "अपने विचार साझा कीजिए, AI के बारे में सवाल पूछिए और बताइए क्या चल रहा है और क्या नहीं। टीम बातचीत पढ़ती है और जवाब देती है।",
    icon: "message-circle",
  },
  {
    title: "जान-पहचान",
    description: "पूरे भारत के उन विद्यार्थियों, पेशेवरों और निर्माताओं से मिलिए जो AI को लेकर उत्सुक हैं। अच्छी साझेदारियाँ अक्सर एक बातचीत से शुरू होती हैं।",
    icon: "network",
  },
  {
    title: "आगे बढ़ें",
    description: `सुझावों, चर्चाओं और ट्यूटोरियल तक जल्दी पहुँच के ज़रिए समुदाय के साथ सीखिए। ${site.productName} को आकार देने में मदद कीजिए और साथ-साथ अपने हुनर भी निखारिए।`,
    icon: "trending-up",
  },
];
