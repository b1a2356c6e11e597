/** English words of the "shell" area (see ../messages.ts). */
import { type SocialNetwork, site } from "~/config/site";

export const shell = {
  skipToContent: "Skip to content",
  home: `${site.productName} home`,
  mainNav: "Main",
  mobileNav: "Mobile",
  menu: "Menu",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  signIn: "Sign In",
  getStarted: "Get Started",
  viewProfile: "View Profile",
  operatorConsole: "Operator console",
  signOut: "Sign Out",
  signOutFailed: "Error signing out",
  accountMenuFor: "Account menu for {name}",
  socialLinks: "Social links",
  onNetwork: `${site.productName} on {network}`,
  /** Each network's name as the footer says it (site.ts's labels). */
  social: Object.fromEntries(site.social.map((link) => [link.network, link.label])) as Record<SocialNetwork, string>,
  legal: "Legal",
  status: "Status",
  rightsReserved: `© ${site.copyrightYear} ${site.productName}. All rights reserved.`,
  description: site.description,
  theme: "Theme",
  themeSystem: "System",
  themeLight: "Light",
  themeDark: "Dark",
  language: "Language",
  /** Shared controls (shared/ui): a banner's close button, a password's show/hide, a form's error summary. */
  loading: "Loading…",
  dismissMessage: "Dismiss message",
  showPassword: "Show password",
  hidePassword: "Hide password",
  fieldNeedsAttention: "1 field needs attention",
  fieldsNeedAttention: "{n} fields need attention",
  /** A device as a security notice or the devices list names it (shared/lib/device.ts). */
  device: { name: "{browser} on {system}", unknown: "Unknown device" },
  /** Flash messages after a redirect (shared/lib/flash.ts). */
  flash: {
    signedInNamed: "Welcome back, {name}!",
    signedIn: "Welcome back!",
    signedOut: "Signed out successfully",
    accountDeleted: "Account deleted successfully",
    sessionEnded: "Your session ended before your profile was saved: sign in again. What you typed is kept and comes back in the form.",
    accountRemoved: "Deleted the account {name}, with any place its address had on the waitlist; a notice went to the address.",
    accountRemovedNoName: "Deleted the account, with any place its address had on the waitlist; a notice went to the address.",
    emailVerifiedNamed: "Your email is verified. Welcome to your account, {name}!",
    emailVerified: "Your email is verified. Welcome!",
  },
};
