import type { ProfileUpdate, UserRecord } from "./user-record";

/** What the /profile action answers (routes/profile.tsx); a successful deletion is a redirect instead. */
export type ProfileActionData =
  | { intent: "save"; ok: true; record: UserRecord }
  | { intent: "save"; ok: false; message: string; errors: Partial<Record<keyof ProfileUpdate, string>> }
  | { intent: "delete"; outcome: "mail-sent" | "name-mismatch" | "password-required" | "failed" | "rate-limited"; message: string };
