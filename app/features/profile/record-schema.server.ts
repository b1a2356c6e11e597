/**
 * The spec's user record (section 3) as a zod schema: the one source of the
 * OpenAPI document's `UserRecord` (app/openapi.ts). user-record.ts keeps the
 * record's TypeScript type without zod (the profile page's chunk); the
 * assertion below fails to compile when the two part, so a field changed in
 * one cannot be forgotten in the other (and api/openapi.test.ts checks real
 * answers against the document).
 */
import { z } from "zod";
import { LOCALES } from "~/shared/i18n/locale";
import { type MessageSummary, PROFILE_LIMITS, type ProfileRecord, type UserRecord } from "./user-record";

const dateTime = () => z.string().meta({ format: "date-time" });

export const messageSummarySchema = z.strictObject({
  id: z.string(),
  kind: z.string().meta({ description: "The form's key: feedback, contact, or an operator's form." }),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: dateTime(),
});

export const userRecordSchema = z
  .strictObject({
    id: z.string(),
    email: z.string().meta({ format: "email" }),
    name: z.string().max(PROFILE_LIMITS.name),
    gender: z
      .string()
      .max(PROFILE_LIMITS.gender)
      .meta({ description: `Any text up to ${PROFILE_LIMITS.gender} characters, or "" for none.` }),
    dob: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/)
      .meta({ description: 'YYYY-MM-DD, or "" for none.' }),
    about: z.string().max(PROFILE_LIMITS.about),
    created_at: dateTime(),
    updated_at: dateTime(),
    messages: z.array(messageSummarySchema),
    last_login: dateTime().nullable(),
    login_count: z.int().min(0),
    email_verified: z.boolean(),
    verification_sent_at: dateTime().nullable(),
    verification_attempts: z.int().min(0),
  })
  .meta({ description: "The spec's user record (section 3)." });

/** The record with the language of the person's mails (the profile page's, a data export's). */
export const profileRecordSchema = userRecordSchema.extend({ language: z.enum(LOCALES) });

/** `POST /api/saveUser`, `POST /api/saveUser/:uid`, `GET /api/user/:id`: the record in the contract's envelope. */
export const recordAnswerSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: userRecordSchema });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Compile-time: the schemas describe exactly the types the server builds its answers with. */
export type SchemasMatchTypes = [
  Assert<Same<z.output<typeof userRecordSchema>, UserRecord>>,
  Assert<Same<z.output<typeof messageSummarySchema>, MessageSummary>>,
  Assert<Same<z.output<typeof profileRecordSchema>, ProfileRecord>>,
];

export type RecordAnswer = z.output<typeof recordAnswerSchema>;
