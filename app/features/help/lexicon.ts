/**
 * Ask Tuesday's word lists (issue 41): what marks a question as about the
 * asker's own records, out of a help desk's scope, or about prices; the plans'
 * names as questions write them; and what a question's words mean in the
 * pages' words (`MEANS`). Tuned on the question set's development half only
 * (docs/decisions/0041-ask-tuesday.md).
 */
import { plans } from "~/features/pricing";
import { plansHi } from "~/features/pricing/index.server";
import { loanKey, romanize, soundKey } from "./sounds";
import { englishKey, hindiKey, isDevanagari } from "./text";

// ---------------------------------------------------------------------------
// What a question is about, before any search
// ---------------------------------------------------------------------------

/** Words of "mine" in the three ways of asking. */
export const MINE = new Set(["my", "mine", "mera", "meri", "mere", "mujhe", "मेरा", "मेरी", "मेरे", "मुझे"]);
/** Records only the asker's account holds (and the site cannot see from here). */
export const ACCOUNT_RECORDS = new Set(
  "payment payments paid invoice invoices bill bills billing order orders transaction transactions balance receipt receipts charge charged deducted bhugtan भुगतान बिल ऑर्डर लेनदेन रसीद पेमेंट".split(
    " ",
  ),
);
/**
 * What a company's help desk does not answer, whatever its pages happen to
 * contain: the weather, sport, markets, other assistants, homework. A word here
 * makes the question out of scope even when the site uses the word elsewhere.
 */
export const OFF_TOPIC = new Set(
  (
    "weather rain temperature forecast mausam मौसम barish बारिश cricket match ipl football score क्रिकेट मैच " +
    "stock stocks share shares sensex nifty market bazaar bazar शेयर बाज़ार बाजार bitcoin crypto btc rate " +
    "chatgpt gpt gemini claude copilot openai perplexity bard चैटजीपीटी जीपीटी जेमिनी " +
    "homework essay assignment होमवर्क असाइनमेंट निबंध poem kavita कविता joke chutkula recipe movie film song news khabar ख़बर खबर " +
    "coupon coupons promo voucher कूपन diwali दिवाली holi होली"
  ).split(" "),
);

/** The out-of-scope words as they sound, for the same words written in Devanagari (loanKey: long words only). */
export const OFF_TOPIC_SOUNDS = new Set(
  [...OFF_TOPIC]
    .filter((w) => !isDevanagari(w))
    .map((w) => loanKey(w, { english: true }))
    .filter(Boolean),
);

/**
 * What this site offers and lets a visitor do, for the questions that ask how
 * to do something ("… कैसे करें", "kaise kare", "how do I") or which thing to
 * choose ("अच्छा … कौन सा", "which … best"): the account and its data,
 * cookies, the community channels, reaching the team, the plans and the
 * products. Asked how to prepare for an exam or which phone to buy, the site
 * has nothing to say, however many of the question's words its pages use.
 */
export const SITE_THINGS = wordSet(
  // The account and what it holds (in the spellings people type).
  "account accounts khata khaata खाता अकाउंट एकाउंट अकॉउंट अकाउन्ट profile प्रोफ़ाइल प्रोफाइल dp photo फ़ोटो फोटो picture avatar " +
    "name naam नाम birthday जन्मदिन gender bio password पासवर्ड passkey passkeys पासकी register रजिस्टर " +
    "sign signin signup login logout साइन लॉगिन लॉग verify verification सत्यापन otp two-factor 2fa factor फैक्टर authentication authenticator " +
    "data डेटा डाटा export एक्सपोर्ट download डाउनलोड delete डिलीट मिटा chat chats चैट conversation बातचीत history " +
    "information info जानकारी jankari privacy प्राइवेसी निजता cookie cookies कुकी कुकीज़ कुकीज license लाइसेंस content कंटेंट " +
    // Plans and money.
    "subscription सब्सक्रिप्शन सदस्यता membership मेंबरशिप plan plans प्लान upgrade अपग्रेड billing बिलिंग discount डिस्काउंट छूट " +
    "price prices pricing cost pay payment पेमेंट भुगतान fee fees कीमत क़ीमत दाम शुल्क फीस फ़ीस cancel रद्द refund रिफंड वापसी वापस wapas vapas " +
    // Reaching the company, its channels and its site.
    "community कम्युनिटी समुदाय telegram टेलीग्राम whatsapp व्हाट्सऐप व्हाट्सएप channel चैनल join जॉइन जुड़ " +
    "email ईमेल mail contact संपर्क sampark team टीम support सपोर्ट customer कस्टमर care केयर helpline हेल्पलाइन talk baat बात " +
    "security सुरक्षा सिक्योरिटी vulnerability bug बग report रिपोर्ट newsletter unsubscribe feedback फ़ीडबैक " +
    "site website साइट वेबसाइट language भाषा hindi हिंदी हिन्दी theme थीम dark डार्क " +
    // The products, the waitlist and the demo.
    "tuesday assistant असिस्टेंट सहायक watch वॉच घड़ी ghadi smartwatch स्मार्टवॉच device devices डिवाइस app ऐप " +
    "waitlist वेटलिस्ट प्रतीक्षा early demo डेमो " +
    // What the blog explains.
    "rag retrieval token tokens tokenization tokenizer टोकन टोकनाइज़ेशन टोकनाइज़र inference इन्फ़रेंस latency " +
    "red-teaming teaming रेड attention अटेंशन embedding embeddings llm मूल्यांकन evaluate evaluation benchmark बेंचमार्क " +
    "ai model models मॉडल dataset datasets डेटासेट chatbot chatbots चैटबॉट multilingual बहुभाषी",
);

/**
 * Other companies' services: "how do I change my Gmail password" is about
 * Gmail, whatever its other words ("password", "account") say. Not Google,
 * whose sign-in is ours too, nor WhatsApp and Telegram, our channels.
 */
const OTHER_SERVICES = new Set(
  (
    "gmail जीमेल instagram इंस्टाग्राम facebook फेसबुक youtube यूट्यूब netflix amazon flipkart jio जियो airtel एयरटेल bsnl " +
    "sbi hdfc icici paytm phonepe gpay bank बैंक wifi वाईफाई router राउटर aadhaar aadhar आधार irctc " +
    "apple ऐपल एप्पल android एंड्रॉइड एंड्रॉयड recharge रिचार्ज insurance इंश्योरेंस"
  ).split(" "),
);

const HINDI_NOT_A_WISH = new Set("हैं में उन्हें इन्हें जिन्हें तुम्हें हमें".split(" "));
const HINGLISH_WISHES = new Set(
  (
    "kare karen karein karu karun karoon karoo banaye banayein banau badle badlu hataye hatau dekhe dekhu seekhe sikhe sikhu " +
    "jode judu jude bhare bharu khole kholu lagwaye banwaye dhundhe dhunde kharide kharidu padhaye padhe padhu nikale nikalu " +
    "paaye paye bheje bheju le lu lein kre kru krein kren krna karna de du dein"
  ).split(" "),
);

const isHindiWish = (w: string) => /(ें|ेँ|एं|एँ|ूं|ूँ|ऊं|ऊँ)$/.test(w) && !HINDI_NOT_A_WISH.has(w);

/**
 * Whether a question asks how the asker can do something: "कैसे" with a wish
 * within two words ("कैसे करें", "डिलीट कैसे करूँ"), "kaise … kare", "how do
 * I", "how to". Not "how does it work" or "कैसे काम करता है": those ask
 * about the site's things.
 */
export function asksHowToDo(all: readonly string[]): boolean {
  return all.some((word, i) => {
    const next = all.slice(i + 1, i + 3);
    if (word === "कैसे") return next.some(isHindiWish);
    if (word === "kaise" || word === "kese" || word === "kaisey") return next.some((w) => HINGLISH_WISHES.has(w));
    if (word === "how") return next[0] === "to" || (["do", "can", "should", "could", "would"].includes(next[0] ?? "") && next[1] === "i");
    return false;
  });
}

const WHICH = new Set("which kaunsa konsa kaunsi konsi कौनसा कौनसी".split(" "));
const GOOD = new Set(
  "best good better cheap cheapest acha accha achha achhi acchi badhiya behtar sasta sasti अच्छा अच्छी अच्छे बढ़िया बेहतर बेहतरीन सस्ता सस्ती बेस्ट".split(" "),
);

/** Choosing verbs ("कौन सा लें"): not every word ending in -ें, which plural nouns do too ("फ़ाइलें"). */
const CHOOSING = new Set("लें लूं लूँ खरीदें ख़रीदें चुनें पढ़ें देखें lu lun le lein kharidu kharide chunu chune buy choose pick".split(" "));

/**
 * Whether a question asks which thing to choose: "which" ("कौन सा", "kaun si")
 * with a word of praise ("अच्छा", "best", "sasta") or of choosing ("कौन सा लें").
 */
export function asksToChoose(all: readonly string[]): boolean {
  const which = all.some((w, i) => WHICH.has(w) || asksWhichAt(all, i));
  return which && all.some((w) => GOOD.has(w) || CHOOSING.has(w));
}

/**
 * Whether a question names something of the site's: a thing it offers or does
 * (`SITE_THINGS`) or a plan by name, and no other company's service.
 */
export function namesSiteThing(all: readonly string[]): boolean {
  if (all.some((w) => OTHER_SERVICES.has(w))) return false;
  return all.some((w) => has(SITE_THINGS, w) || planOf([w]) !== undefined);
}

/** Words that ask who: the company's pages (the team, the story) answer them first. */
export const WHO_WORDS = new Set("who whose kaun kon kisne kiska kiski kiske कौन किसने किसका किसकी किसके".split(" "));
/** After "kaun"/"कौन", these make it "which" ("kaun-si", "कौन-से"), not "who". */
export const WHICH_PARTICLES = new Set("si sa se सी सा से".split(" "));

/** Whether the word at `i` asks "which" ("kaun-si", "कौन-से", "kaun-kaun se"), not "who". */
export function asksWhichAt(all: readonly string[], i: number): boolean {
  return ["kaun", "kon", "कौन"].includes(all[i]!) && (WHICH_PARTICLES.has(all[i + 1] ?? "") || (all[i + 1] === all[i] && asksWhichAt(all, i + 1)));
}

/** The address rule: "where" with a place word, or an address word, asks for the company's address and email. */
export const WHERE_WORDS = new Set("where kahan kaha kahaan कहां".split(" "));
export const PLACE_WORDS = new Set(
  "company office team टीम aap you कंपनी ऑफिस दफ्तर दफ़्तर daftar based located headquarters hq work kaam काम customer care support helpline कस्टमर केयर सपोर्ट हेल्पलाइन".split(
    " ",
  ),
);
/** "Talk to you" asks how to reach the company too. */
export const ADDRESS_WORDS = new Set("address पता pata location located email mail contact reach talk ईमेल संपर्क sampark बात baat".split(" "));

/** A word list keyed as questions' words are (Hindi spelling variants and endings folded). */
function wordSet(list: string): Set<string> {
  return new Set(list.split(/\s+/).map((w) => (isDevanagari(w) ? hindiKey(w.normalize("NFC")) : w)));
}
export const has = (set: ReadonlySet<string>, word: string) => set.has(word) || set.has(isDevanagari(word) ? hindiKey(word) : englishKey(word));

/** What a question about the cookie table says: cookies, what a browser keeps, a session (corpus.server.ts, `askedAbout`). */
export const COOKIE_WORDS = wordSet(
  "cookie cookies कुकी कुकीज़ कुकीज kuki cookie's storage localstorage sessionstorage स्टोरेज browser browsers ब्राउज़र ब्राउजर " +
    "session sessions सेशन सत्र track tracking ट्रैक ट्रैकिंग",
);

export const PRICE_WORDS = wordSet(
  "price prices pricing cost costs much pay fee fees charge rupee rupees rs inr ₹ monthly yearly annual annually month year " +
    "kitna kitne kitni keemat kimat kimmat daam dam lagta lagega rupay rupaye rupaiya mahina mahine mahine saal salana " +
    "कीमत क़ीमत दाम कितना कितने कितनी शुल्क रुपये रुपए महीना महीने माह मासिक साल सालाना वार्षिक cheap cheapest sasta सस्ता मूल्य फ़ीस फीस चार्ज " +
    "discount discounts डिस्काउंट छूट",
);
/** Words that only say "a plan": with a price word and nothing else, the question is about every plan. */
export const PLAN_WORDS = wordSet(
  "plan plans subscription subscriptions प्लान प्लानों सदस्यता in mein में rupees rupee inr billing बिलिंग save saving saved discount बचत bachat bachega बचेगा chhoot छूट",
);

/** What else a plan is called in a question ("muft" is free in Hindi). */
const PLAN_SYNONYMS: Record<string, string[]> = {
  professional: ["pro"],
  free: ["muft", "मुफ्त", soundKey("muft")],
  student: [hindiKey("छात्र"), hindiKey("विद्यार्थी"), soundKey("chhatra"), soundKey("vidyarthi")],
};

/** Each plan's names, as an English, Hindi or Hinglish question writes them: its id, its Hindi name, their sound keys. */
const PLAN_KEYS = new Map<string, Set<string>>(
  pairsOfPlans().map(([en, hi]) => [en.id, new Set([en.id, soundKey(en.id), hindiKey(hi.name), soundKey(romanize(hi.name)), ...(PLAN_SYNONYMS[en.id] ?? [])])]),
);

function pairsOfPlans() {
  return plans.map((plan) => [plan, plansHi.find((p) => p.id === plan.id)!] as const);
}

export function planOf(question: string[]): (typeof plans)[number] | undefined {
  for (const word of question) {
    const keys = isDevanagari(word) ? [hindiKey(word), soundKey(romanize(word))] : [word, soundKey(word)];
    const plan = plans.find((p) => keys.some((key) => PLAN_KEYS.get(p.id)!.has(key)));
    if (plan) return plan;
  }
  return undefined;
}

/**
 * What a word of a question also means, in the pages' English: question words
 * ("where" is asked about an address), Hinglish and Hindi verbs, and English
 * forms a suffix rule does not reach ("sold", "founded"). They add to the
 * search; a subject word counts as found where its meaning is.
 */
const MEANS_WORDS: Record<string, string> = {
  where: "based address",
  kahan: "based address",
  kaha: "based address",
  kahaan: "based address",
  कहां: "based address",
  कहाँ: "based address",
  located: "based address",
  location: "based address",
  office: "address",
  city: "based",
  who: "founder",
  kaun: "founder team",
  kon: "founder team",
  कौन: "founder team",
  kisne: "founder",
  किसने: "founder",
  founded: "founder",
  started: "founder",
  banaya: "founder",
  शुरुआत: "founder",
  शुरू: "founder started",
  shuru: "founder",
  when: "launch",
  kab: "launch",
  कब: "launch",
  aayega: "launch",
  aayegi: "launch",
  ayega: "launch",
  ayegi: "launch",
  aaega: "launch",
  aaegi: "launch",
  sell: "sold sell",
  sold: "sold sell",
  bechte: "sold sell",
  bechta: "sold sell",
  bechoge: "sold sell",
  बेचते: "sold sell",
  wapas: "refund return",
  vapas: "refund return",
  वापस: "refund return",
  लौटा: "return",
  return: "return refund",
  lauta: "return",
  refund: "refund",
  money: "refund",
  delete: "delete erase",
  mitana: "delete erase",
  mitau: "delete erase",
  mitaun: "delete erase",
  hatana: "delete",
  मिटाऊं: "delete erase",
  मिटाऊँ: "delete erase",
  मिटाना: "delete erase",
  cancel: "cancelled canceled",
  रद्द: "cancelled",
  stored: "stored hashed",
  store: "stored hashed",
  password: "password hashed",
  join: "join community",
  jude: "join",
  judna: "join",
  जुड़ें: "join",
  evaluate: "evaluation evaluating",
  evaluated: "evaluation evaluating",
  parakh: "evaluation",
  मूल्यांकन: "evaluation",
  products: "products",
  product: "products",
  उत्पाद: "products",
  mission: "mission",
  vision: "vision",
  विजन: "vision",
  vijan: "vision",
  address: "address based",
  पता: "address",
  pata: "address",
  ads: "advertising",
  ad: "advertising",
  advertisement: "advertising",
  vigyapan: "advertising",
  विज्ञापन: "advertising",
  इकट्ठा: "collection collect data",
  जानकारी: "data",
  संग्रह: "collection data",
  collect: "collection data",
  collected: "collection data",
  लौट: "refund return",
  लौटेगा: "refund return",
  // English words Hindi writes in Devanagari: the pages' Hindi often says them in Hindi words.
  अकाउंट: "account",
  एकाउंट: "account",
  डिलीट: "delete",
  प्राइवेसी: "privacy",
  सब्सक्रिप्शन: "subscription",
  कैंसल: "cancel cancelled",
  पेमेंट: "payment",
  प्रोडक्ट: "products",
  फाउंडर: "founder",
  ऑफिस: "address based",
  एड्रेस: "address",
  कॉन्टैक्ट: "contact",
  वॉच: "watch स्मार्टवॉच",
  टेलीग्राम: "telegram",
  चैनल: "channel",
  व्हाट्सऐप: "whatsapp",
  व्हाट्सएप: "whatsapp",
  जॉइन: "join",
  लॉन्च: "launch",
  hatau: "delete",
  हटाऊं: "delete",
  हटाना: "delete",
  हटाएं: "delete",
  // Hindi words the pages say otherwise (development batch 4).
  छात्र: "student विद्यार्थी",
  chhatra: "student",
  टैक्स: "tax taxes",
  वेरिफाई: "verify सत्यापित",
  verify: "verify सत्यापित",
  मालिक: "owner ownership स्वामित्व founder",
  malik: "owner ownership",
  झगड़ा: "dispute विवाद",
  jhagda: "dispute",
  केस: "dispute विवाद",
  बैचिंग: "batching",
  पॉलिसी: "policy नीति",
  बदली: "changes बदलाव",
  बदलाव: "changes",
  सिद्धांत: "principles",
  // Development batch 5.
  मुफ्त: "free फ्री",
  स्क्रेप: "scrape",
  मुश्किल: "challenges चुनौती",
  मुश्किलें: "challenges चुनौती",
  डिजाइन: "design designer डिजाइनर",
  जिम्मेदारी: "lead head प्रमुख",
  डिवाइस: "devices उपकरण",
  ट्विटर: "twitter",
  पोस्ट: "posts updates",
  गाइड: "guide",
  // Development batch 6.
  धनवापसी: "refund return",
  खराब: "damaged defective",
  साझा: "share shared sold",
  घड़ी: "watch स्मार्टवॉच",
  जांच: "evaluation evaluating मूल्यांकन",
  जुड़ने: "join",
  जुड़ना: "join",
  सुविधा: "features ख़ूबी",
  सुविधाएं: "features ख़ूबी",
  // Development batch 7: English words in the spellings people type.
  डाटा: "data डेटा",
  आईडी: "email address",
  कॉलेज: "student विद्यार्थी",
  चैट: "conversations बातचीत",
  चैट्स: "conversations बातचीत",
  // Development batch 8.
  करेंसी: "INR रुपये",
  currency: "INR",
  // Short English words in Devanagari (under the loan key's four consonants), development batches 7–9.
  फीचर: "features ख़ूबियाँ",
  फीचर्स: "features ख़ूबियाँ",
  फ़ीचर्स: "features ख़ूबियाँ",
  अपडेट: "updates announcements",
  अपडेट्स: "updates announcements",
  यूज़: "use uses",
  यूज: "use uses",
  लीड: "lead leads head",
  एक्सपोर्ट: "export download",
};

/**
 * MEANS_WORDS keyed as the question's words are (Hindi spelling variants
 * folded). A Map: a question is any text, and an object's lookup would find
 * "constructor" or "__proto__" on its prototype.
 */
export const MEANS: ReadonlyMap<string, string> = new Map(
  Object.entries(MEANS_WORDS).map(([word, meaning]) => [isDevanagari(word) ? hindiKey(word.normalize("NFC")) : word, meaning]),
);
