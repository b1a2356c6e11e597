/**
 * The five plans in Hindi (the English is ./plans.ts): the same ids, prices,
 * icons and flags, only the words changed. Read by the pricing route's loader.
 */
import type { Plan } from "./plans";
import { plans as english } from "./plans";

const E2E_ENCRYPTION = "एंड-टू-एंड एन्क्रिप्शन";

const words: Record<Plan["id"], Pick<Plan, "name" | "features" | "highlightFeature" | "buttonText">> = {
  free: {
    name: "फ़्री",
    features: ["बेहिसाब आम बातचीत", "रियल-टाइम खोज", "उन्नत टूल्स तक सीमित पहुँच", E2E_ENCRYPTION],
    highlightFeature: "शुरुआत के लिए ज़रूरी सब कुछ",
    buttonText: "जल्द आ रहा है",
  },
  basic: {
    name: "बेसिक",
    features: ["फ़्री की हर चीज़", "सीमित उन्नत ख़ूबियाँ, इस्तेमाल की सीमा के साथ", E2E_ENCRYPTION],
    highlightFeature: "उन्नत टूल्स का पहला स्वाद",
    buttonText: "जल्द आ रहा है",
  },
  standard: {
    name: "स्टैंडर्ड",
    features: ["बेसिक की हर चीज़", "समस्याएँ सुलझाने की बेहतर क्षमता", "उन्नत ख़ूबियाँ", "प्राथमिकता वाली सहायता", E2E_ENCRYPTION],
    highlightFeature: "रोज़ ज़्यादा इस्तेमाल करने वालों के लिए सबसे किफ़ायती",
    buttonText: "जल्द आ रहा है",
  },
  student: {
    name: "स्टूडेंट",
    features: ["विद्यार्थियों की जेब के हिसाब से", "बेसिक की सारी ख़ूबियाँ", E2E_ENCRYPTION],
    highlightFeature: "बेसिक, विद्यार्थी वाली कीमत पर",
    buttonText: "जल्द आ रहा है",
  },
  professional: {
    name: "प्रोफ़ेशनल",
    features: ["स्टैंडर्ड की हर चीज़", "संस्थाओं के स्तर की सहायता", "उन्नत कस्टमाइज़ेशन", "प्राथमिकता वाली सहायता", E2E_ENCRYPTION],
    highlightFeature: "उन टीमों और कारोबारों के लिए जो AI पर निर्भर हैं",
    buttonText: "जल्द आ रहा है",
  },
};

export const plans: Plan[] = english.map((plan) => ({ ...plan, ...words[plan.id] }));
