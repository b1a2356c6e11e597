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
  /** The help widget's button (drawn with the page, before its code: features/chat-widget). */
  chatOpen: `Chat with ${site.productName}`,
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
};
