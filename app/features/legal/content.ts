/**
 * Copy for the /privacy, /terms, /cookie-policy and /license pages.
 *
 * Every statement here must match what the site really does. If a cookie,
 * storage key or stored field changes, update this file in the same change.
 */
import { site } from "~/config/site";
import type { Card, PageIntro } from "~/shared/lib/content-types";

export interface LegalSection {
  title: string;
  body: string[];
}

export interface CookieEntry {
  name: string;
  purpose: string;
  duration: string;
}

export interface StorageEntry {
  key: string;
  kind: "localStorage" | "sessionStorage";
  purpose: string;
}

// ---------------------------------------------------------------------------
// Privacy Policy
// ---------------------------------------------------------------------------

export const privacy: {
  intro: PageIntro;
  subtitle: string;
  cards: Card[];
  lastUpdated: string;
} = {
  intro: {
    eyebrow: "Legal",
    title: "Privacy Policy",
    intro: "We collect as little as we can, protect what we keep and give you the tools to see, download and delete it.",
  },
  subtitle: `This policy explains what ${site.companyName} stores when you use this website, why we store it, how we protect it and the rights you have over it. We do not sell your data and we do not use advertising or tracking cookies.`,
  cards: [
    {
      title: "User Interactions",
      description:
        "Conversations with the AI are handled securely: they travel over encrypted connections, are kept private to your account and are never sold or used for advertising. Feedback and contact messages you send us are read by the team only to reply and to improve the product. Links in the help widget open services such as WhatsApp or Instagram, whose own privacy policies then apply. Questions you ask the help widget are answered on our own servers from this site's pages and are not stored: we keep only daily counts of answered and unanswered questions by topic, and of the helpful and not-helpful votes by page. If we switch on a log of the questions it could not answer, to learn what the site should say, those questions are kept for 30 days with email addresses and numbers removed.",
      icon: "message-circle",
    },
    {
      title: "Data Collection",
      description:
        "We keep only what your account needs: your email address, your name, the optional gender, date of birth and about text you choose to add, a hashed password (or, if you sign in with Google or GitHub, the link to that account) and your sign-in sessions. When you send feedback or a contact message we store your name, email and message together with a one-way hash of your IP address and your browser's user agent, which helps us stop spam without keeping your actual IP address. Time-spent and visit counts on your profile are kept in your own browser, not on our servers. To learn which pages are read and how fast they load, our own servers (no third party) receive, for each page you view: its route pattern (such as /blog/:slug, never the full address or its query), page-load timings called Core Web Vitals (LCP, INP, CLS, FCP and TTFB), a device class (mobile, tablet or desktop) and a connection type (such as 4g). They are added at once to daily totals per page, with the day as the only date: no cookie or browser storage is used, and the totals hold no IP address, user id or anything else that could identify you. Nothing is sent when your browser signals Global Privacy Control or Do Not Track. The daily totals are kept for 13 months.",
      icon: "database",
    },
    {
      title: "Technical Safeguards",
      description:
        "All traffic between your browser and our servers is encrypted with TLS. Passwords are never stored in readable form, only as secure one-way hashes, and sign-in cookies are HttpOnly so page scripts cannot read them. We monitor our systems for errors and suspicious activity, such as repeated failed sign-ins, and respond quickly.",
      icon: "lock",
    },
    {
      title: "Cloud Infrastructure",
      description:
        "The website and its database run on cloud servers with restricted network access, encrypted connections and regularly applied security updates. Only the services that need your data can reach it, and secrets such as database credentials are kept out of our code.",
      icon: "cloud",
    },
    {
      title: "Legal Compliance",
      description: `We comply with the GDPR and the CCPA, and we give every user the rights they describe, wherever you live. You can access and correct your details on your profile, export them with "Download my data" and erase your account with "Delete Account". For any other request, write to ${site.contactEmail} and we will respond within 30 days.`,
      icon: "scale",
    },
    {
      title: "Team Access",
      description: `Inside ${site.companyName}, access to user data is role-based: team members can reach only the data their job requires. Every access to production data is recorded in an audit log that we review, and access is removed as soon as someone's role no longer needs it.`,
      icon: "key",
    },
  ],
  lastUpdated: "Last Updated: November 2024",
};

// ---------------------------------------------------------------------------
// Terms of Service
// ---------------------------------------------------------------------------

export const terms: { intro: PageIntro; cards: Card[]; contactTitle: string } = {
  intro: {
    eyebrow: "Legal",
    title: "Terms of Service",
    intro: `These terms govern your use of the ${site.productName} website, accounts, products and services provided by ${site.companyName}. Please read them carefully.`,
  },
  cards: [
    {
      title: "Terms and Conditions",
      description: `By using this website or creating an account you agree to these terms, our Privacy Policy and our Cookie Policy. ${site.companyName} may change these terms at any time without notice; the version on this page is the one that applies, and continuing to use the site means you accept it.`,
      icon: "file-text",
    },
    {
      title: "User Accounts",
      description:
        "You must give accurate details, verify your email address and keep your password secret; you are responsible for activity on your account. You can delete your account at any time from your profile. We may suspend or close accounts used for abuse, fraud or anything unlawful.",
      icon: "user",
    },
    {
      title: "Products and Services",
      description: `${site.productName} and our other products are still in development and are marked Coming Soon until they launch. Features, availability and specifications may change. AI can make mistakes, so please check important information, and do not rely on answers alone for medical, legal or financial decisions.`,
      icon: "package",
    },
    {
      title: "Pricing and Payments",
      description:
        "All prices are in INR (Indian Rupees), and any applicable taxes are shown before you pay. Paid plans are not on sale yet; when they are, they will be billed in advance for the monthly or yearly period you choose. Once a subscription is purchased, it cannot be cancelled. We may change prices for future billing periods.",
      icon: "receipt",
    },
    {
      title: "Return and Refund Policy",
      description:
        "Digital products and subscriptions are non-refundable. Physical products can be returned within 7 days of delivery if they are unused and in their original packaging; contact us to arrange a return, and once we have received and checked the item we refund the original payment method.",
      icon: "undo",
    },
  ],
  contactTitle: "Contact Us",
};

// ---------------------------------------------------------------------------
// Cookie Policy
// ---------------------------------------------------------------------------

const cookies: CookieEntry[] = [
  {
    name: `${site.slug}.session_token`,
    purpose: "Keeps you signed in. It is HttpOnly, so scripts on the page cannot read it.",
    duration: 'Until you close the browser, or 30 days when "Remember this device" is ticked; a sign-in ends after 24 hours or 30 days however active it is',
  },
  {
    name: `${site.slug}.dont_remember`,
    purpose: 'Marks a sign-in that should end when the browser closes, because "Remember this device" was not ticked.',
    duration: "Until you close the browser",
  },
  {
    name: `${site.slug}.state`,
    purpose: "Protects a Google or GitHub sign-in against forgery by checking that the sign-in was started from this browser.",
    duration: "5 minutes; deleted when sign-in completes",
  },
  {
    name: `${site.slug}.provider_return`,
    purpose:
      "Set when you start signing in with Google or GitHub, or connecting one: it remembers the page's language and which one, so that if the provider's answer cannot be matched to what you started, you are brought back to that page and told so.",
    duration: "10 minutes; deleted when the sign-in or connection ends",
  },
  {
    name: `${site.slug}.pending_verification`,
    purpose: "Lets this browser ask for another verification email after you sign up.",
    duration: "1 day",
  },
  {
    name: `${site.slug}.known_device`,
    purpose:
      "Remembers, as a one-way fingerprint of the address and the time of the last sign-in, which accounts have signed in on this browser, so that someone guessing your password elsewhere cannot lock you out.",
    duration: "1 year",
  },
  {
    name: `${site.slug}.two_factor`,
    purpose: "Holds the second step of a sign-in open while you enter the code from your authenticator app.",
    duration: "10 minutes; deleted when the code is accepted",
  },
  {
    name: `${site.slug}.trust_device`,
    purpose: 'Set only when you tick "Trust this device for 30 days" at the code step: this browser then skips the code.',
    duration: "30 days",
  },
  {
    name: `${site.slug}.passkey_challenge`,
    purpose: "Ties a passkey sign-in to the challenge this browser was given, so that it cannot be replayed.",
    duration: "5 minutes; deleted when the passkey answers",
  },
  {
    name: `${site.slug}.lang`,
    purpose: "Set only when you press the language switch (English or Hindi): the home page then opens in the language you chose. Nothing else reads it.",
    duration: "1 year",
  },
  {
    name: "visitCounted",
    purpose:
      "Makes sure a visit is counted only once per browser session, across tabs, for the visit count on your profile. Set by the page, never read by our server.",
    duration: "Until you close the browser",
  },
];

const storage: StorageEntry[] = [
  {
    key: "user",
    kind: "localStorage",
    purpose: "A copy of your profile record so pages can greet you quickly. Cleared when you sign out.",
  },
  {
    key: "rememberDevice",
    kind: "localStorage",
    purpose: 'Set to "true" when you tick "Remember this device" at sign-in.',
  },
  {
    key: "timeSpent",
    kind: "localStorage",
    purpose: "The time shown on your profile when you turn on time tracking.",
  },
  {
    key: "totalTimeSpent",
    kind: "localStorage",
    purpose: "The running total behind your profile's optional time tracking.",
  },
  {
    key: "lastActive",
    kind: "localStorage",
    purpose: "When time tracking last counted, so the total stays accurate.",
  },
  {
    key: "trackTime",
    kind: "localStorage",
    purpose: "Whether you have turned on the profile's optional time tracking.",
  },
  {
    key: "totalVisits",
    kind: "localStorage",
    purpose: "Your visit count, shown on your profile.",
  },
  {
    key: `${site.slug}.chatWidget.position`,
    kind: "localStorage",
    purpose: "Where you dragged the help button, so it stays there.",
  },
  {
    key: "theme",
    kind: "localStorage",
    purpose: 'Set only when you choose Light or Dark in the footer; choosing "System" removes it.',
  },
  {
    key: "route-scroll",
    kind: "sessionStorage",
    purpose: "Where you were on the last pages of this tab, so that Back returns you there. Gone when you close the tab.",
  },
  {
    key: "profile-draft",
    kind: "sessionStorage",
    purpose: "What you typed into your profile when a save could not reach us (your session had ended), until you are signed in again to save it.",
  },
];

export const cookiePolicy: {
  intro: PageIntro;
  sections: LegalSection[];
  cookies: CookieEntry[];
  storage: StorageEntry[];
} = {
  intro: {
    eyebrow: "Legal",
    title: "Cookie Policy",
    intro: "We use a handful of cookies to keep you signed in and safe, and a little browser storage to remember your preferences. Nothing here tracks you.",
  },
  sections: [
    {
      title: "What cookies are",
      body: [
        "Cookies are small text files that a website asks your browser to keep and send back on later visits. They let a site remember things such as whether you are signed in.",
        "Browsers also offer local storage and session storage, which keep small pieces of information on your device. Unlike cookies, they are not sent to our servers with every request. We list both below so you can see everything this site keeps in your browser.",
      ],
    },
    {
      title: "Which cookies we use and why",
      body: [
        "Every cookie we set is essential: it keeps you signed in, keeps sign-in secure or supports email verification. All of them are first-party cookies, set by this website only.",
        "Our local storage entries remember your profile, your preferences and the optional time tracking and visit count on your profile. They stay on your device.",
      ],
    },
    {
      title: "No tracking",
      body: [
        "We do not use analytics cookies, advertising cookies or third-party cookies, and we do not build profiles of your browsing. We do not sell or share cookie data with anyone.",
        "Our own page statistics use no cookie and no browser storage. Your browser reports the route pattern of each page you view (such as /blog/:slug), its load timings (Core Web Vitals), a device class and a connection type; we keep only daily totals per page, which hold no IP address or user id, and nothing is sent when your browser signals Global Privacy Control or Do Not Track.",
        "Links to services such as X, Telegram, WhatsApp, Instagram, Google or GitHub take you to their websites, where their own cookie policies apply.",
      ],
    },
    {
      title: "How to control and delete them",
      body: [
        "You can see, block and delete cookies and site data in your browser's settings, usually under Privacy or Site settings. If you block our cookies you will not be able to sign in, but the public pages will still work.",
        "Signing out deletes the sign-in cookies and removes the cached copy of your profile from this browser.",
        "Clearing this site's data in your browser removes every cookie and storage entry listed here, including your time-tracking totals and visit count.",
      ],
    },
    {
      title: "Changes to this policy",
      body: [
        "If we add, remove or change a cookie or storage entry, we will update this page at the same time. We will never add tracking or advertising cookies without clearly telling you first.",
      ],
    },
    {
      title: "Contact",
      body: [`Questions about cookies or your data? Write to us at ${site.contactEmail} and a member of the team will reply.`],
    },
  ],
  cookies,
  storage,
};

// ---------------------------------------------------------------------------
// License
// ---------------------------------------------------------------------------

export const license: { intro: PageIntro; sections: LegalSection[] } = {
  intro: {
    eyebrow: "Legal",
    title: "License",
    intro: `The terms under which you may use the ${site.productName} website, software and content made by ${site.companyName}.`,
  },
  sections: [
    {
      title: "Grant of licence",
      body: [
        `${site.companyName} grants you a limited, non-exclusive, non-transferable, revocable licence to use this website, our software and our content for your personal use and for the internal purposes of your business.`,
        "This licence does not let you resell, sublicense or redistribute our software or content, or offer it to others as a service of your own.",
      ],
    },
    {
      title: "Restrictions",
      body: [
        "You may not copy, modify, decompile, disassemble or reverse engineer our software, except where the law expressly allows it.",
        "You may not scrape, crawl or bulk-download the website, the assistant's answers or any other content to train, fine-tune or evaluate a competing AI model or service.",
        "You may not use our products for anything unlawful, harmful or abusive, to break into or overload our systems, or to get around any security or usage limits.",
      ],
    },
    {
      title: "Ownership",
      body: [
        `${site.companyName} and its licensors keep all rights, title and interest in the website, software, models, designs, logos and content, including all intellectual property rights. The ${site.productName} name and logo are our trademarks. Any rights not expressly granted to you are reserved.`,
      ],
    },
    {
      title: "Your content",
      body: [
        "What you write, upload or send to us stays yours. You give us only the permission we need to store, process and show it in order to provide the service to you.",
        "If you send us feedback or suggestions, we may use them to improve our products without owing you anything, but we will not publish your name or personal details without your permission.",
      ],
    },
    {
      title: "Termination",
      body: [
        "You can end this licence at any time by deleting your account and no longer using our products. We may suspend or end it if you break these terms.",
        "When the licence ends you must stop using the software and content. Your personal data is deleted within 30 days of termination. The only records we keep after that are ones the law requires, such as invoices.",
      ],
    },
    {
      title: "Disclaimer",
      body: [
        `Our products are provided "as is" and "as available". AI can make mistakes, and to the extent the law allows, ${site.companyName} is not liable for indirect or consequential losses arising from your use of them.`,
      ],
    },
    {
      title: "Governing law",
      body: [
        "This licence is governed by the laws of India. Any dispute arising from it is subject to the exclusive jurisdiction of the courts at Kanpur, Uttar Pradesh.",
      ],
    },
    {
      title: "Changes and contact",
      body: [`We may update this licence from time to time, and the current version is always on this page. Questions? Write to us at ${site.contactEmail}.`],
    },
  ],
};
