/**
 * The words of the marketing blocks in Hindi (see ../messages.ts). The pages
 * that draw the blocks carry them in their loader data; the home page's blocks
 * come with their own module (features/marketing/home-copy.hi.ts).
 */
import { site } from "~/config/site";
import type { sections as en } from "../catalog/sections";

export const sections: typeof en = {
  valuesEyebrow: "हम किस बात पर टिके हैं",
  valuesTitle: "हमारे मूल्य",
  valuesIntro: `${site.productName} से जुड़ा हमारा हर फ़ैसला इन तीन बातों से तय होता है।`,
  whyEyebrow: "हम ही क्यों",
  moreAboutUs: "हमारे बारे में और जानें",
  meetTheTeam: "टीम से मिलें",
  visionEyebrow: "हमारा सपना",
  visionTitle: "जो AI हम बना रहे हैं, उसके आठ वादे",
  visionSwipe: "आठ वादे, एक के बाद एक: और देखने के लिए बगल में स्क्रॉल करें",
  visionMore: "हमारा सपना पढ़ें",
  featuresEyebrow: "ख़ूबियाँ",
  featuresTitle: "लोगों के लिए बना, संस्थाओं के लिए तैयार",
  featuresSwipe: "छह ख़ूबियाँ, एक के बाद एक: और देखने के लिए बगल में स्क्रॉल करें",
  featuresMore: "सारी ख़ूबियाँ देखें",
  storyEyebrow: "संस्थापक की कहानी",
  storyTitle: "16 की उम्र में शुरुआत, आस्था के सहारे सफ़र",
  storyIntro: `${site.productName} कैसे शुरू हुआ, इसके दस अध्याय: पहली चिंगारी से उस समुदाय तक, जिसने इसे आगे बढ़ाया।`,
  storySwipe: "दस अध्याय, एक के बाद एक: और देखने के लिए बगल में स्क्रॉल करें",
  storyMore: "पूरी कहानी पढ़ें",
  teamEyebrow: "टीम",
  teamTitle: `${site.productName} के पीछे के लोग`,
  teamIntro: "कानपुर की एक छोटी-सी टीम, जिसका एक ही लक्ष्य है: ऐसा AI जो सबकी मदद करे।",
  teamSwipe: "टीम के छह सदस्य, एक के बाद एक: और देखने के लिए बगल में स्क्रॉल करें",
  teamMembers: "टीम के सदस्य",
  joinTitle: `${site.productName} को सबसे पहले आज़माएँ`,
  joinText: "समुदाय से जुड़िए: जल्दी पहुँच, ताज़ा ख़बरें और आगे क्या बने, इसमें आपकी राय।",
  joinCta: "समुदाय से जुड़ें",
  readOnEyebrow: "आगे पढ़ें",
  readOnTitle: `${site.productName} को क़रीब से जानिए`,
  ourMission: "हमारा मिशन",
  whereToJoin: "कहाँ जुड़ें",
  opensInNewTab: "({name} नए टैब में खुलेगा)",
  whyJoinEyebrow: "क्यों जुड़ें",
  whyJoinTitle: "समुदाय से आपको क्या मिलेगा",
  onTheWay: "जल्द आने वाला",
};
