/**
 * The site's own visible lines in Hindi (docs/decisions/0032-hindi.md): the
 * tagline, the description and the team's names, roles and descriptions, in
 * the order of `team` in ./site.ts. Read by loaders, and by the Hindi home page's
 * words (features/marketing/home-copy.hi.ts), a chunk only a Hindi page fetches.
 */
import type { TeamMember } from "./site";
import { site } from "./site";

export const siteHi: { tagline: string; description: string; team: Pick<TeamMember, "name" | "role" | "description">[] } = {
  tagline: "नवाचार, आस्था के बल पर।",
  description: `${site.productName} आस्था से प्रेरित, सबके लिए सुलभ, किफ़ायती और निजता को सबसे ऊपर रखने वाला AI सहायक है, जो भारत में विद्यार्थियों, आम लोगों और संस्थाओं के लिए बनाया जा रहा है।`,
  team: [
    {
      name: "आरव मिश्रा",
      role: "संस्थापक और CEO",
      description:
        "16 की उम्र में कोड लिखना शुरू किया और फिर कभी नहीं रुके। दिशा तय करते हैं, प्लैटफ़ॉर्म का बड़ा हिस्सा ख़ुद लिखते हैं और ज़्यादातर शामों को समुदाय के सवालों के जवाब देते हैं।",
    },
    {
      name: "इशिता वर्मा",
      role: "AI शोध प्रमुख",
      description: 'मॉडल की जाँच और सुरक्षा की अगुवाई करती हैं। उन्हें ऐसे सहायक पसंद हैं जो अंदाज़ा लगाने के बजाय कह दें, "मुझे नहीं पता।"',
    },
    {
      name: "रोहन गुप्ता",
      role: "प्रमुख प्लैटफ़ॉर्म इंजीनियर",
      description: "डेटाबेस से लेकर डिप्लॉय तक, उस पूरे ढाँचे के ज़िम्मेदार हैं जो बातचीत को तेज़ और निजी रखता है।",
    },
    {
      name: "स्नेहा पटेल",
      role: "प्रोडक्ट डिज़ाइनर",
      description: "सस्ते फ़ोन पर पहली बार आए उपयोगकर्ता के लिए उतनी ही सावधानी से डिज़ाइन करती हैं, जितनी किसी बड़ी संस्था के डैशबोर्ड के लिए।",
    },
    {
      name: "कबीर सिंह",
      role: "सुरक्षा और निजता इंजीनियर",
      description: "एन्क्रिप्शन, पहुँच पर नियंत्रण और ऑडिट लॉग। इस साइट के निजता से जुड़े हर वादे को एक ज़रूरी शर्त की तरह पढ़ते हैं।",
    },
    {
      name: "मीरा नायर",
      role: "समुदाय प्रमुख",
      description: "Telegram और WhatsApp समुदाय, विद्यार्थी कार्यक्रम और टीम तक सुझाव पहुँचाने का पूरा सिलसिला सँभालती हैं।",
    },
  ],
};
