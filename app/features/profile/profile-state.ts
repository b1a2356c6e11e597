import type { FieldErrors } from "~/shared/lib/field-errors";
import type { DeletionField } from "./deletion-check";
import type { ProfileRecord, ProfileUpdate } from "./user-record";

/** What the /profile action answers (routes/profile.tsx); a successful deletion is a redirect instead. */
export type ProfileActionData =
  | { intent: "save"; ok: true; record: ProfileRecord }
  | {
      intent: "save";
      ok: false;
      message: string;
      errors: Partial<Record<keyof ProfileUpdate, string>>;
      /** Another tab saved first (409): reload to see it. */
      conflict?: true;
      /** The session ended before the save (401): sign in again; the page keeps a draft. */
      sessionEnded?: true;
      /**
       * What was posted (allow-listed, cut to the limits), so that a page without
       * JavaScript, which is a new page, shows the form as the person left it.
       */
      typed?: { version: string; values: ProfileUpdate };
    }
  | {
      intent: "delete";
      outcome: "mail-sent" | "name-mismatch" | "password-required" | "failed" | "rate-limited";
      message: string;
      /** The typed name or the password refused (deletion-check.ts), shown in their slots. */
      fieldErrors?: FieldErrors<DeletionField>;
    };
