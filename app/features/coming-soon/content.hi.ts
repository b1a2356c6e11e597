/** The /coming-soon page's copy in Hindi (the English is ./content.ts). */
import { site } from "~/config/site";
import type * as en from "./content";

export const comingSoonIntro: typeof en.comingSoonIntro = {
  eyebrow: "बस थोड़ा इंतज़ार",
  title: "जल्द आ रहा है",
  intro: `${site.productName} अभी आज़माने के लिए तैयार नहीं है। हम ध्यान से परख रहे हैं, ताकि आप जो पहला संस्करण इस्तेमाल करें, उस पर भरोसा कर सकें। देखिए क्या-क्या आने वाला है।`,
};

export const comingSoonItems: typeof en.comingSoonItems = [
  {
    title: "लाइव डेमो",
    description: `${site.productName} को सीधे अपने ब्राउज़र में आज़माइए, बिना कुछ डाउनलोड किए और बिना किसी सेटअप के। कुछ भी पूछिए और देखिए यह कैसे जवाब देता है।`,
    icon: "play-circle",
  },
  {
    title: "विद्यार्थी कार्यक्रम",
    description: "पूरे भारत के विद्यार्थियों के लिए किफ़ायती पहुँच, सीखने की सामग्री और नई ख़ूबियों को परखने में हाथ बँटाने के मौक़े।",
    icon: "graduation-cap",
  },
  {
    title: "दस्तावेज़",
    description: "हर ख़ूबी की साफ़ और सरल गाइड, और उन टीमों के लिए संदर्भ सामग्री जो इसे अपने काम में जोड़ना चाहती हैं।",
    icon: "file-text",
  },
  {
    title: "शुरुआत कैसे करें",
    description: "खाता बनाने से लेकर पहला सवाल पूछने तक, एक छोटा और दोस्ताना परिचय। कोडिंग का कोई अनुभव ज़रूरी नहीं।",
    icon: "compass",
  },
  {
    title: "ट्यूटोरियल",
    description: "पढ़ाई, लेखन, योजना और काम के लिए क़दम-दर-क़दम पाठ, ताकि आप सहायक का पूरा फ़ायदा उठा सकें।",
    icon: "monitor-play",
  },
];

export const joinCommunity: typeof en.joinCommunity = {
  title: "सबसे पहले जानिए",
  text: "हमारे समुदाय से जुड़िए: इनमें से हर चीज़ के शुरू होते ही ख़बर पाइए, शुरुआती संस्करण आज़माइए और बताइए कि आप सबसे पहले क्या देखना चाहेंगे।",
  cta: "समुदाय से जुड़ें",
};
