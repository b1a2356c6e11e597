import type { FieldErrors } from "~/shared/lib/field-errors";
import type { DeletionField } from "./deletion-check";
import type { ProfileUpdate, UserRecord } from "./user-record";

/** What the /profile action answers (routes/profile.tsx); a successful deletion is a redirect instead. */
export type ProfileActionData =
  | { intent: "save"; ok: true; record: UserRecord }
  | {
      intent: "save";
      ok: false;
      message: string;
      errors: Partial<Record<keyof ProfileUpdate, string>>;
      /** Another tab saved first (409): reload to see it. */
      conflict?: true;
      /** The session ended before the save (401): sign in again; the page keeps a draft. */
      sessionEnded?: true;
    }
  | {
      intent: "delete";
      outcome: "mail-sent" | "name-mismatch" | "password-required" | "failed" | "rate-limited";
      message: string;
      /** The typed name or the password refused (deletion-check.ts), shown in their slots. */
      fieldErrors?: FieldErrors<DeletionField>;
    };
