/**
 * The "mail" area in Hindi (see ../messages.ts): typed by the English, so a
 * missing key fails the type check. Written as an Indian company writes to
 * its users, not word for word: Hindi puts the time and the device first and
 * the verb last, so `securityNotice.line` orders its placeholders that way.
 * Brand names, the device string ("Chrome on Android", passed in as made),
 * UTC and IST stay in Latin script.
 */
import { site } from "~/config/site";
import type { mail as en } from "../catalog/mail";

const product = site.productName;

export const mail: typeof en = {
  layout: {
    buttonFallback: "बटन काम नहीं कर रहा? {link} खोलें, या यह पता कॉपी करके अपने ब्राउज़र में खोलें:",
    unsubscribe: "सदस्यता छोड़ें",
    unsubscribeHtml: "ये मेल नहीं चाहिए? {link}।",
    unsubscribeText: "ये मेल नहीं चाहिए? {link}: {url}",
    signOff: `— ${site.productName} टीम, ${site.companyName}`,
  },
  greeting: "नमस्ते {name},",
  verification: {
    subject: `${product} के लिए अपना ईमेल सत्यापित करें`,
    preheader: "बस एक क्लिक, और आपका खाता तैयार।",
    heading: "अपना ईमेल पता सत्यापित करें",
    welcome: `${product} में आपका स्वागत है! कृपया पुष्टि करें कि यह ईमेल पता आपका ही है: बटन दबाते ही आप साइन इन हो जाएँगे।`,
    action: "ईमेल पता सत्यापित करें",
    footnote: "यह लिंक एक ही बार काम करता है और एक घंटे तक ही मान्य है। अगर आपने कोई खाता नहीं बनाया है, तो इस ईमेल को अनदेखा कर दें।",
  },
  passwordReset: {
    subject: `अपना ${product} पासवर्ड रीसेट करें`,
    preheader: "नया पासवर्ड चुनने के लिए एक लिंक।",
    heading: "अपना पासवर्ड रीसेट करें",
    request: "हमें आपका पासवर्ड रीसेट करने का अनुरोध मिला है। नीचे दिए बटन से नया पासवर्ड चुनें; ऐसा करते ही आप बाक़ी सभी जगहों से साइन आउट हो जाएँगे।",
    action: "नया पासवर्ड चुनें",
    footnote: "यह लिंक एक ही बार काम करता है और एक घंटे तक ही मान्य है। अगर आपने यह अनुरोध नहीं किया, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड जैसा है, वैसा ही रहेगा।",
  },
  existingAccount: {
    subject: `आपका ${product} खाता पहले से मौजूद है`,
    preheader: "किसी ने आपके ईमेल पते से साइन अप करने की कोशिश की।",
    heading: "आपका खाता पहले से मौजूद है",
    tried: `किसी ने (उम्मीद है, आपने ही) इस ईमेल पते से ${product} खाता बनाने की कोशिश की। इस पते पर आपका खाता पहले से है, इसलिए कुछ भी नहीं बदला गया।`,
    resetPrompt: "पासवर्ड भूल गए?",
    resetAction: "मेरा पासवर्ड रीसेट करें",
    action: "साइन इन करें",
    footnote: "अगर यह आपने नहीं किया, तो इस ईमेल को अनदेखा कर दें।",
  },
  deleteAccount: {
    subject: `अपना ${product} खाता हटाने की पुष्टि करें`,
    preheader: "पुष्टि करें कि आप अपना खाता हटाना चाहते हैं।",
    heading: "खाता हटाने की पुष्टि करें",
    asked: "आपने हमसे अपना खाता हटाने को कहा है। पुष्टि करते ही आपका खाता, आपके सेशन, प्रोफ़ाइल और संदेश मिटा दिए जाएँगे, और फिर वापस नहीं लाए जा सकेंगे।",
    action: "मेरा खाता हटाएँ",
    footnote: "यह लिंक एक घंटे तक ही मान्य है। अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा कर दें: आपका खाता जैसा है, वैसा ही रहेगा।",
  },
  fromDevice: " {device} से",
  securityNotice: {
    line: "{when} को{where} {what}।",
    ifNotYou:
      "अगर यह आपने ही किया था, तो आपको कुछ नहीं करना है। अगर नहीं, तो अभी अपने खाते की सुरक्षा जाँचें: अपना पासवर्ड बदलें, और जिन डिवाइस को आप नहीं पहचानते, उन्हें साइन आउट कर दें।",
    action: "खाते की सुरक्षा जाँचें",
    footnote: "आपके खाते में साइन इन के तरीक़े में जब भी कोई बदलाव होता है, आपको यह ईमेल मिलता है, ताकि आपकी जानकारी के बिना कोई उसे बदल न सके।",
  },
  newSignIn: {
    subject: `आपके ${product} खाते में नया साइन इन`,
    heading: "एक नए डिवाइस से साइन इन हुआ",
    what: `आपके ${product} खाते में साइन इन किया गया। यह डिवाइस इस खाते के लिए नया है`,
  },
  twoFactorOn: {
    subject: `${product} के लिए दो-चरणीय सत्यापन चालू हो गया`,
    heading: "दो-चरणीय सत्यापन चालू है",
    what: "आपके खाते के लिए दो-चरणीय सत्यापन चालू किया गया",
  },
  twoFactorOff: {
    subject: `${product} के लिए दो-चरणीय सत्यापन बंद कर दिया गया`,
    heading: "दो-चरणीय सत्यापन बंद है",
    what: "आपके खाते के लिए दो-चरणीय सत्यापन बंद किया गया",
  },
  passkeyAdded: {
    subject: `आपके ${product} खाते में एक पासकी जोड़ी गई`,
    heading: "एक पासकी जोड़ी गई",
    what: 'आपके खाते में पासकी "{passkey}" जोड़ी गई',
  },
  passkeyRemoved: {
    subject: `आपके ${product} खाते से एक पासकी हटाई गई`,
    heading: "एक पासकी हटाई गई",
    what: 'आपके खाते की पासकी "{passkey}" हटा दी गई',
  },
  connected: {
    subject: `आपके ${product} खाते से {provider} जोड़ा गया`,
    heading: "{provider} जुड़ गया",
    what: "आपके खाते में {provider} के ज़रिए साइन इन की सुविधा जोड़ी गई",
  },
  disconnected: {
    subject: `आपके ${product} खाते से {provider} अलग किया गया`,
    heading: "{provider} अलग हो गया",
    what: "आपके खाते में {provider} के ज़रिए साइन इन की सुविधा हटा दी गई",
  },
  passwordChanged: {
    subject: `आपका ${product} पासवर्ड बदल दिया गया`,
    preheader: "आपका पासवर्ड अभी-अभी बदला गया है।",
    heading: "आपका पासवर्ड बदल दिया गया",
    changed: `{when} को{where} आपके ${product} खाते का पासवर्ड बदला गया। बाक़ी सभी डिवाइस साइन आउट कर दिए गए।`,
    ifNotYou: "अगर यह आपने नहीं किया, तो नीचे दिए बटन से तुरंत नया पासवर्ड चुनें।",
    action: "मेरा पासवर्ड रीसेट करें",
    footnote: "पासवर्ड जब भी बदलता है, आपको यह ईमेल मिलता है, ताकि आपकी जानकारी के बिना कोई आपका पासवर्ड न बदल सके।",
  },
  accountDeleted: {
    subject: `आपका ${product} खाता हटा दिया गया`,
    preheader: "आपका खाता और उसका सारा डेटा मिटा दिया गया है।",
    heading: "आपका खाता हटा दिया गया",
    deleted: `{when} को{where} आपका ${product} खाता, उसके सेशन, प्रोफ़ाइल और संदेशों समेत, हटा दिया गया।`,
    ifNotYou: `अगर यह आपने नहीं किया, तो ${site.contactEmail} पर हमें लिखें, हम इसकी जाँच करेंगे।`,
  },
  emailVerified: {
    subject: `${product} के लिए आपका ईमेल सत्यापित हो गया`,
    preheader: "आपका खाता तैयार है।",
    heading: "आपका ईमेल सत्यापित हो गया",
    ready: `आपका ईमेल पता सत्यापित हो गया है और आपका ${product} खाता तैयार है।`,
    action: "साइन इन करें",
    footnote: "अगर यह खाता आपने नहीं बनाया, तो इस ईमेल का जवाब दें, हम इसे हटा देंगे।",
  },
  formAutoreply: {
    footnote: `आपको यह मेल इसलिए मिला है, क्योंकि ${product} की वेबसाइट पर एक फ़ॉर्म में यह पता दिया गया था। अगर वह आप नहीं थे, तो इस मेल को अनदेखा कर दें।`,
  },
  operatorReply: {
    greeting: "नमस्ते {name},",
    youWrote: "{when} को आपने लिखा था:",
    headingFeedback: `${product} ने आपके सुझाव का जवाब दिया`,
    headingMessage: `${product} ने आपके संदेश का जवाब दिया`,
    subjectFeedback: `Re: ${product} को भेजा आपका सुझाव`,
    subjectMessage: `Re: ${product} को भेजा आपका संदेश`,
    footnote: "हमें फिर से लिखना हो, तो बस इस ईमेल का जवाब दें।",
  },
  waitlistConfirm: {
    subject: `${product} की प्रतीक्षा-सूची में अपनी जगह पक्की करें`,
    preheader: "बस एक क्लिक, और लॉन्च होते ही हम आपको बताएँगे।",
    heading: "प्रतीक्षा-सूची में अपनी जगह पक्की करें",
    askedFor: `किसी ने, उम्मीद है आपने ही, {interest} के लॉन्च की ख़बर ${product} से पाने के लिए यह पता दिया है। कृपया पुष्टि करें कि यह पता आपका ही है।`,
    askedForAnything: `किसी ने, उम्मीद है आपने ही, ${product} के लॉन्च की ख़बर पाने के लिए यह पता दिया है। कृपया पुष्टि करें कि यह पता आपका ही है।`,
    onlyLaunch: "हम सिर्फ़ लॉन्च के बारे में लिखेंगे, और आप जब चाहें सूची छोड़ सकते हैं।",
    action: "मेरी जगह पक्की करें",
    footnote: "यह लिंक 7 दिन तक काम करेगा। अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा कर दें: बिना क्लिक किए आपको हमारी ओर से कोई और मेल नहीं मिलेगा।",
  },
};
