/**
 * The sentences Ask Tuesday writes around what it quotes or fills in, in each
 * language. Everything else in an answer is the site's own text.
 * Placeholders: {plan}, {monthly}, {yearly}, {discount}, {plans}.
 */
import type { Locale } from "~/shared/i18n/locale";

export interface AnswerWords {
  /** A plan's prices, from the plans module and the yearly rule (features/pricing). */
  planPrice: string;
  /** Where the plans are not on sale yet (every plan is marked Coming Soon). */
  notOnSale: string;
  /** The plans in one line: "Free ₹0, Basic ₹350, …". */
  allPlans: string;
  /** The site does not say. */
  none: string;
  /** A question about the asker's own account, order or payment. */
  account: string;
}

export const answerWords: Record<Locale, AnswerWords> = {
  en: {
    planPrice: "The {plan} plan costs {monthly} a month, or {yearly} a year with yearly billing ({discount}% less).",
    notOnSale: "Every plan is coming soon: none can be bought yet.",
    allPlans: "Monthly prices: {plans}. Yearly billing saves {discount}%. All prices are in Indian Rupees (INR).",
    none: "Our pages don't say, so I can't answer that. The team can: write to them and they will reply.",
    account:
      "I can't see your account, orders or payments. Your profile shows your details and lets you download or delete your data; for anything else, write to the team.",
  },
  hi: {
    planPrice: "{plan} प्लान {monthly} प्रति माह है, या सालाना बिलिंग पर {yearly} प्रति वर्ष ({discount}% कम)।",
    notOnSale: "हर प्लान जल्द आ रहा है: अभी कोई भी ख़रीदा नहीं जा सकता।",
    allPlans: "हर महीने की कीमतें: {plans}। सालाना बिलिंग पर {discount}% की बचत। सभी कीमतें भारतीय रुपये (INR) में हैं।",
    none: "हमारे पेज इस बारे में कुछ नहीं कहते, इसलिए मैं इसका जवाब नहीं दे सकता। टीम दे सकती है: उन्हें लिखें, वे जवाब देंगे।",
    account:
      "मैं आपका खाता, ऑर्डर या भुगतान नहीं देख सकता। आपकी प्रोफ़ाइल आपकी जानकारी दिखाती है और वहीं से आप अपना डेटा डाउनलोड कर सकते हैं या मिटा सकते हैं; बाक़ी किसी भी बात के लिए टीम को लिखें।",
  },
};
