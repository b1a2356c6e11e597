/**
 * Every icon the site uses, by its Lucide name. `npm run icons` turns this
 * list into sprite.svg (one cached file, no JavaScript per icon). Add a name
 * here, run the script, commit both.
 */
export const ICON_NAMES = [
  // content cards (see ContentIcon in ~/shared/lib/content-types)
  "sparkles", "heart", "accessibility", "users", "shield-check", "flag", "indian-rupee", "bug", "globe", "lock",
  "rocket", "cpu", "server", "landmark", "brain", "plug", "code", "lightbulb", "book-open", "hammer", "mountain",
  "home", "target", "clock", "hand-heart", "message-circle", "graduation-cap", "file-text", "play-circle", "watch",
  "smartphone", "bot", "database", "scale", "eye-off", "cloud", "key", "cookie", "receipt", "undo", "user",
  "package", "send", "network", "trending-up", "monitor-play", "compass", "palette",
  // interface
  "menu", "x", "chevron-down", "log-out", "eye", "circle-alert", "circle-check", "loader-circle", "download",
  "pencil", "trash-2", "save", "calendar", "external-link", "arrow-right", "check", "mail", "map-pin",
  "building-2", "quote", "star", "gift", "crown", "badge-percent", "timer", "activity", "square-pen",
  "fingerprint-pattern", "link", "shield", "bell", "thumbs-up", "thumbs-down", "search",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** Brand marks from Simple Icons (CC0), filled rather than stroked; symbol ids are `brand-<name>`. */
export const BRAND_ICON_NAMES = ["x", "telegram", "whatsapp", "github", "instagram", "google"] as const;

export type BrandIconName = (typeof BRAND_ICON_NAMES)[number];
