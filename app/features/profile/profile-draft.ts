/**
 * What was typed into the profile form when a save could not complete
 * because the session had ended (issue 22): kept in this tab's
 * sessionStorage, for this account only, until the person is signed in
 * again and the profile page puts it back into the form. Nothing leaves the
 * browser; a draft older than a day, or another account's, is dropped.
 */
import { useMemo, useSyncExternalStore } from "react";
import { type FieldSource, textOf } from "~/shared/lib/field-errors";
import { mailLanguage, PROFILE_LIMITS, type ProfileUpdate, typedDob } from "./user-record";

const KEY = "profile-draft";
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface ProfileDraft {
  userId: string;
  /** The record's `updated_at` the form was editing: the save after sign-in still refuses to overwrite a newer one. */
  version: string;
  /** As typed: the date of birth is typedDob's `Y-M-D` (parts may be empty), not necessarily a date. */
  values: ProfileUpdate;
  savedAt: number;
}

export function keepDraft(storage: Storage, draft: Omit<ProfileDraft, "savedAt">, now = Date.now()): void {
  try {
    storage.setItem(KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // storage full or unavailable: the form still holds the values in this tab
  }
}

/** This account's draft in `raw` (the stored text), if it is one and young enough. */
export function parseDraft(raw: string | null, userId: string, now = Date.now()): ProfileDraft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<ProfileDraft>;
    const values = draft.values;
    const fresh = typeof draft.savedAt === "number" && now - draft.savedAt < MAX_AGE_MS;
    const valid =
      draft.userId === userId &&
      typeof draft.version === "string" &&
      typeof values === "object" &&
      values !== null &&
      (["name", "gender", "dob", "about"] as const).every((k) => typeof values[k] === "string") &&
      // The mail language: one of ours, or absent (a draft kept before the form had it).
      (values.language === undefined || mailLanguage(values.language) !== null);
    return fresh && valid ? (draft as ProfileDraft) : null;
  } catch {
    return null;
  }
}

/** This account's draft in `storage`, if one is waiting (a stale, foreign or malformed one is ignored, and replaced by the next). */
export function readDraft(storage: Storage, userId: string, now = Date.now()): ProfileDraft | null {
  try {
    return parseDraft(storage.getItem(KEY), userId, now);
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/**
 * The draft waiting in this tab for `userId`: `undefined` while the page is
 * still the server's (no storage there), then the draft or null. Read once per
 * page view by the profile page, which puts it back into the form.
 */
export function useStoredDraft(userId: string): ProfileDraft | null | undefined {
  const raw = useSyncExternalStore<string | null | undefined>(
    noSubscription,
    () => {
      try {
        return sessionStorage.getItem(KEY);
      } catch {
        return null;
      }
    },
    () => undefined,
  );
  return useMemo(() => (raw === undefined ? undefined : parseDraft(raw, userId)), [raw, userId]);
}

export function dropDraft(storage: Storage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The profile form's fields as typed (the page's FormData or a post's fields),
 * cut to their limits; the mail language only if it is one of ours. What a
 * draft keeps and what a refused save gives back to the form.
 */
export function typedValues(source: FieldSource): ProfileUpdate {
  const language = mailLanguage(source instanceof FormData ? source.get("language") : source.language);
  return {
    name: textOf(source, "name").slice(0, PROFILE_LIMITS.name),
    gender: textOf(source, "gender").slice(0, PROFILE_LIMITS.gender),
    // The date's three boxes as typed (Y-M-D, parts may be empty): the form shows them as they were left.
    dob: typedDob(source),
    about: textOf(source, "about").slice(0, PROFILE_LIMITS.about),
    ...(language ? { language } : {}),
  };
}

/** The fields of the profile form, as typed. */
export function draftValues(form: HTMLFormElement): ProfileUpdate {
  return typedValues(new FormData(form));
}
