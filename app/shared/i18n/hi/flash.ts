/** The "flash" area in Hindi (../catalog/flash.ts): sent with a flash by the root loader, never as a catalog. */
import type { flash as en } from "../catalog/flash";

export const flash: typeof en = {
  signedInNamed: "फिर से स्वागत है, {name}!",
  signedIn: "फिर से स्वागत है!",
  signedOut: "आप साइन आउट हो गए हैं",
  accountDeleted: "आपका खाता हटा दिया गया है",
  sessionEnded: "प्रोफ़ाइल सहेजे जाने से पहले आपका सत्र ख़त्म हो गया: फिर से साइन इन करें। आपने जो लिखा था वह सुरक्षित है और फ़ॉर्म में वापस आ जाएगा।",
  accountRemoved: "खाता {name} हटा दिया गया, प्रतीक्षा-सूची में उस पते की जगह (अगर थी) के साथ; उस पते पर सूचना भेज दी गई है।",
  accountRemovedNoName: "खाता हटा दिया गया, प्रतीक्षा-सूची में उस पते की जगह (अगर थी) के साथ; उस पते पर सूचना भेज दी गई है।",
  emailVerifiedNamed: "आपका ईमेल सत्यापित हो गया। आपके खाते में आपका स्वागत है, {name}!",
  emailVerified: "आपका ईमेल सत्यापित हो गया। स्वागत है!",
  profileSaved: "प्रोफ़ाइल अपडेट हो गई!",
};
