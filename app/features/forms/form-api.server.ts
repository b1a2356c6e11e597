/**
 * The form service's JSON contract as zod schemas: the one source of what the
 * OpenAPI document (app/openapi.ts) says `POST /api/forms/:kind` and
 * `POST /f/:key` take and answer. Built from the same constants the
 * validation uses (form-schema.ts: the fields, their limits, the honeypot, the
 * error codes' one list); the answers' types are these schemas' (the
 * handlers build `{"errors": […]}` of `FormErrorEntry`s), and the contract
 * test (app/routes/api/openapi-contract.test.ts) holds validateSubmission and
 * `formSubmissionSchema` to the same verdicts. Server-only: zod stays out of
 * the forms' page chunks.
 */
import { z } from "zod";
import { EMAIL_PATTERN } from "~/shared/lib/field-errors";
import { FIELD_MAX_LENGTH, FIELDS, FORM_ERROR_CODES, FORMSPREE_HONEYPOT_FIELD, HONEYPOT_FIELD } from "./form-schema";

/** One error of an answer: a field's (with its code), or the whole submission's. */
export const formErrorEntrySchema = z.strictObject({
  field: z
    .string()
    .optional()
    .meta({ description: `The field: one of ${FIELDS.join(", ")} on the built-in forms; any field a form's rules name on the form service's own.` }),
  code: z.enum(FORM_ERROR_CODES).optional(),
  message: z.string().min(1),
});
export type FormErrorEntry = z.output<typeof formErrorEntrySchema>;

/** `{"errors": […]}`: the form service's (and Formspree's) refusal. */
export const formErrorsSchema = z.strictObject({ errors: z.array(formErrorEntrySchema).min(1) });

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A built-in form's submission (feedback, contact): the three fields,
 * each required and not blank (REQUIRED_FIELD_MISSING / _EMPTY), within its
 * limit (FIELD_TOO_LONG), the email an address (TYPE_EMAIL); the honeypot
 * must stay empty. Other fields are ignored.
 */
export const formSubmissionSchema = z.object({
  name: text(FIELD_MAX_LENGTH.name),
  email: text(FIELD_MAX_LENGTH.email).regex(EMAIL_PATTERN).meta({ format: "email" }),
  message: text(FIELD_MAX_LENGTH.message),
  [HONEYPOT_FIELD]: z
    .string()
    .optional()
    .meta({ description: `Honeypot: must stay empty (also \`${FORMSPREE_HONEYPOT_FIELD}\` on /f/).` }),
});
