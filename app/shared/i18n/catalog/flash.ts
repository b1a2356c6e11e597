/**
 * English words of the "flash" area: the messages a redirect leaves for the
 * next page (shared/lib/flash.ts). They never travel as a catalog: the root
 * loader sends a flash with its words, in the page's language (root.tsx).
 */
export const flash = {
  signedInNamed: "Welcome back, {name}!",
  signedIn: "Welcome back!",
  signedOut: "Signed out successfully",
  accountDeleted: "Account deleted successfully",
  sessionEnded: "Your session ended before your profile was saved: sign in again. What you typed is kept and comes back in the form.",
  accountRemoved: "Deleted the account {name}, with any place its address had on the waitlist; a notice went to the address.",
  accountRemovedNoName: "Deleted the account, with any place its address had on the waitlist; a notice went to the address.",
  emailVerifiedNamed: "Your email is verified. Welcome to your account, {name}!",
  emailVerified: "Your email is verified. Welcome!",
  profileSaved: "Profile updated successfully!",
};
