/**
 * Shapes of the site's static content. Content lives in data modules and
 * Markdown beside these types, never inside components.
 */

/** Icons available to content cards: Lucide names, drawn from the sprite (~/shared/ui/icons/names.ts). */
export type ContentIcon =
  | "sparkles"
  | "heart"
  | "accessibility"
  | "users"
  | "shield-check"
  | "flag"
  | "indian-rupee"
  | "bug"
  | "globe"
  | "lock"
  | "rocket"
  | "cpu"
  | "server"
  | "landmark"
  | "brain"
  | "plug"
  | "code"
  | "lightbulb"
  | "book-open"
  | "hammer"
  | "mountain"
  | "home"
  | "target"
  | "clock"
  | "hand-heart"
  | "message-circle"
  | "graduation-cap"
  | "file-text"
  | "play-circle"
  | "watch"
  | "smartphone"
  | "bot"
  | "database"
  | "scale"
  | "eye-off"
  | "cloud"
  | "key"
  | "cookie"
  | "receipt"
  | "undo"
  | "user"
  | "package"
  | "send"
  | "network"
  | "trending-up"
  | "monitor-play"
  | "compass";

/** A titled card with a paragraph: values, vision, features, story, legal sections… */
export interface Card {
  title: string;
  description: string;
  icon: ContentIcon;
}

export interface PageIntro {
  eyebrow: string;
  title: string;
  intro: string;
}
