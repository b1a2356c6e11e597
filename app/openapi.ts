/**
 * The OpenAPI 3.1 description of every JSON endpoint of the contract
 * (../shared/contract.md) and the ones added since, served at
 * GET /api/openapi.json. Its schemas are JSON Schema 2020-12. What our
 * routes take and answer is generated from the zod schemas the server
 * validates with or builds its answers by (issue 42: `fromZod`); Better
 * Auth's endpoints (/api/auth/*), the waitlist's page post, the form
 * service's any-fields form, the data export's envelope and the small
 * success envelopes (`{"ok": true}`, the probes') stay described by hand. api/openapi.test.ts
 * checks the routes' real answers against this document, and
 * api/openapi-contract.test.ts the request schemas against the validators.
 */
import { z } from "zod";
import { site } from "~/config/site";
import { beaconSchema } from "~/features/analytics/index.server";
import { ANY_FIELD_MAX_LENGTH, ANY_FIELDS_MAX, formErrorsSchema, FORMSPREE_HONEYPOT_FIELD, formSubmissionSchema } from "~/features/forms/index.server";
import { helpFeedbackSchema, helpQuestionSchema, helpReplySchema } from "~/features/help/index.server";
import {
  deleteAccountBodySchema,
  messageSummarySchema,
  profileApiBodySchema,
  profileErrorsSchema,
  profileRecordSchema,
  recordAnswerSchema,
  userRecordSchema,
} from "~/features/profile/index.server";
import { apiErrorSchema } from "~/infra/http/api-error";

type Schema = Record<string, unknown>;

/**
 * A schema from the zod schema the server validates with or builds its answer
 * by (issue 42: one source per contract): `input` for what a request may
 * send, `output` for what an answer holds.
 */
const fromZod = (schema: z.ZodType, io: "input" | "output" = "input"): Schema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Schema;
  return rest;
};

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema, description: string) => ({ description, content: { "application/json": { schema } } });
/** Every error of ours on /api/*: the one shape (infra/http/api-error.ts), documented per status. */
const error = (description: string) => json(ref("Error"), description);
/** A page (the waitlist's answers are pages a browser shows, with or without JavaScript). */
const html = (description: string) => ({ description, content: { "text/html": { schema: { type: "string" } } } });
/** Session tokens are credentials: no answer carries one (ADR 0022, finding 9). */
const NO_TOKEN: Schema = { required: ["token"] };

const schemas: Record<string, Schema> = {
  HelpAnswer: fromZod(helpReplySchema, "output"),
  Error: fromZod(apiErrorSchema, "output"),
  MessageSummary: fromZod(messageSummarySchema, "output"),
  UserRecord: fromZod(userRecordSchema, "output"),
  AccountExport: {
    type: "object",
    description:
      "A person's data as \"Download my data\" on their profile gives it to them: the record (with the language their mails are written in), how they sign in, their sessions, second factor, passkeys and trusted browsers, each message's other fields and the company's replies, and their address's waitlist entry.",
    additionalProperties: false,
    required: ["exported_at", "record", "sign_in_methods", "sessions", "two_factor", "passkeys", "trusted_browsers", "message_details", "waitlist"],
    properties: {
      exported_at: { type: "string", format: "date-time" },
      record: { anyOf: [{ type: "null" }, fromZod(profileRecordSchema, "output")] },
      sign_in_methods: {
        type: "array",
        items: {
          type: "object",
          required: ["provider", "since"],
          additionalProperties: false,
          properties: { provider: { type: "string", description: '"email and password", google or github' }, since: { type: "string", format: "date-time" } },
        },
      },
      sessions: {
        type: "array",
        items: {
          type: "object",
          required: ["createdAt", "expiresAt", "userAgent"],
          additionalProperties: false,
          properties: {
            createdAt: { type: "string", format: "date-time" },
            expiresAt: { type: "string", format: "date-time" },
            userAgent: { type: ["string", "null"] },
          },
        },
      },
      two_factor: { type: "object", required: ["enabled"], additionalProperties: false, properties: { enabled: { type: "boolean" } } },
      passkeys: {
        type: "array",
        items: {
          type: "object",
          required: ["name", "device_type", "created_at", "last_used_at"],
          additionalProperties: false,
          properties: {
            name: { type: "string" },
            device_type: { type: "string" },
            created_at: { type: ["string", "null"], format: "date-time" },
            last_used_at: { type: ["string", "null"], format: "date-time" },
          },
        },
      },
      trusted_browsers: {
        type: "array",
        items: {
          type: "object",
          required: ["device", "created_at"],
          additionalProperties: false,
          properties: { device: { type: "string" }, created_at: { type: ["string", "null"], format: "date-time" } },
        },
      },
      message_details: {
        type: "array",
        description: "Beside the record's messages (by message_id): every other field sent, and the company's replies",
        items: {
          type: "object",
          required: ["message_id", "fields", "replies"],
          additionalProperties: false,
          properties: {
            message_id: { type: "string" },
            fields: { type: "object", additionalProperties: { type: "string" } },
            replies: {
              type: "array",
              items: {
                type: "object",
                required: ["sent_at", "body"],
                additionalProperties: false,
                properties: { sent_at: { type: ["string", "null"], format: "date-time" }, body: { type: "string" } },
              },
            },
          },
        },
      },
      waitlist: {
        anyOf: [
          { type: "null" },
          {
            type: "object",
            required: ["email", "interest", "status", "joined_at", "confirmed_at"],
            additionalProperties: false,
            properties: {
              email: { type: "string" },
              interest: { type: "string" },
              status: { enum: ["pending", "confirmed"] },
              joined_at: { type: "string", format: "date-time" },
              confirmed_at: { type: ["string", "null"], format: "date-time" },
            },
          },
        ],
      },
    },
  },
  RecordAnswer: fromZod(recordAnswerSchema, "output"),
  ProfileUpdate: fromZod(profileApiBodySchema),
  FormSubmission: fromZod(formSubmissionSchema),
  AnyFields: {
    type: "object",
    description: `A form of the form service takes any fields (at most ${ANY_FIELDS_MAX}, each at most ${ANY_FIELD_MAX_LENGTH.toLocaleString("en-US")} characters; text, or a JSON number or boolean kept as text). The form's own rules (set in the operator console) say which are required and which are \`email\` (TYPE_EMAIL) or \`number\` (TYPE_NUMERIC); an \`email\` field is always an address. Fields starting with \`_\` are the service's own: \`_replyto\` (the sender's address), \`${FORMSPREE_HONEYPOT_FIELD}\` (honeypot: a filled one is answered 200 and kept in the spam folder).`,
    minProperties: 1,
    additionalProperties: { type: ["string", "number", "boolean"] },
    properties: {
      email: { type: "string", format: "email", maxLength: 254 },
      _replyto: { type: "string", format: "email" },
      [FORMSPREE_HONEYPOT_FIELD]: { type: "string", description: "Honeypot: must stay empty." },
    },
  },
  FormErrors: fromZod(formErrorsSchema, "output"),
  Beacon: {
    description:
      "A batch of events, or one event on its own (`name`, `value`, `route`, `device`, `connection`). Route patterns and metric names come from allow-lists; each vital's value has its own maximum; a batch names each metric at most once.",
    ...fromZod(beaconSchema),
  },
  AuthUser: {
    type: "object",
    required: ["id", "email", "name", "emailVerified"],
    properties: {
      id: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      emailVerified: { type: "boolean" },
      image: { type: ["string", "null"] },
    },
  },
};

const userId = { name: "id", in: "path", required: true, schema: { type: "string" } };
const formKind = { name: "kind", in: "path", required: true, schema: { enum: ["feedback", "contact"] } };
const formKey = { name: "form", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{1,39}$" } };
/** A body a script (JSON) or a browser's form (urlencoded, and multipart where `multipart`) may send, each read alike. */
const formBody = (schema: Schema, { multipart }: { multipart: boolean }) => ({
  required: true,
  content: {
    "application/json": { schema },
    "application/x-www-form-urlencoded": { schema },
    ...(multipart ? { "multipart/form-data": { schema } } : {}),
  },
});
const signedIn = [{ session: [] }];
/** /api/user* and /api/saveUser*: the session, and the x-api-key header as well when the server has API_KEY set (infra/security/api-key.server.ts). */
const ownRecord = (apiKeyRequired: boolean) => (apiKeyRequired ? [{ session: [], apiKey: [] }] : signedIn);
/** Every 503 (a dependency, the database, is unavailable: docs/decisions/0021-dependency-failures.md) says when to come back. */
const retryAfter = { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "string", pattern: "^[0-9]+$" } } };
const unavailable = { ...error("The database is unavailable right now (never a 500, 401 or 422 for that); try again after Retry-After"), headers: retryAfter };
const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", pattern: "^[\\x21-\\x7e]{8,255}$" },
  description: "A retry with the same key and the same request gets the first answer again and stores (and mails) nothing more; kept 24 hours.",
};
const readyBody = (status: string) => ({
  type: "object",
  required: ["status", "checks"],
  properties: {
    status: { const: status },
    checks: { type: "object", additionalProperties: { type: "string" } },
    degraded: {
      type: "array",
      items: { type: "string" },
      description: "What works in a degraded way (Redis unavailable: limits per instance, session cache off)",
    },
  },
});

export interface DocumentOptions {
  /** The server has API_KEY set: the user-record operations also require the x-api-key header. */
  apiKeyRequired?: boolean;
}

export function openApiDocument(serverUrl: string, { apiKeyRequired = false }: DocumentOptions = {}) {
  const recordSecurity = ownRecord(apiKeyRequired);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: `${site.productName} API`,
      version: "1.0.0",
      description:
        'Every JSON endpoint of the website and account service. Every error of ours on /api/* is the one shape `Error` (`{ "success": false, "message": … }`) with a 4xx or 5xx status: the operations\' own, a 404 for a path that is none, a 405 for a method a path does not take, and what the server refuses before any route runs (400 for a URL with a NUL or bad percent-encoding, 413, 414, 501, and 503 with Retry-After). The form service answers in its own protocol (`FormErrors`), and Better Auth\'s endpoints (/api/auth/*) in theirs, as each operation says.',
    },
    servers: [{ url: serverUrl }],
    // What we POST to a form's webhook (ADR 0030): an OpenAPI 3.1 webhook, not an endpoint of ours.
    webhooks: {
      "form.submission": {
        post: {
          summary: "A message a form kept (not spam), POSTed to the form's webhook and retried for a day until it answers 2xx",
          parameters: [
            {
              name: "X-Tuesday-Signature",
              in: "header",
              required: true,
              schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
              description: 't = unix seconds; v1 = hex HMAC-SHA256(the form\'s secret, "<t>.<body>")',
            },
            { name: "X-Tuesday-Event", in: "header", required: true, schema: { const: "form.submission" } },
            {
              name: "X-Tuesday-Delivery",
              in: "header",
              required: true,
              schema: { type: "string", format: "uuid" },
              description: "The same on every retry and redelivery of one event",
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "event", "created_at", "data"],
                  properties: {
                    id: { type: "string", format: "uuid" },
                    event: { const: "form.submission" },
                    created_at: { type: "string", format: "date-time" },
                    data: {
                      type: "object",
                      required: ["form", "message"],
                      properties: {
                        form: { type: "string" },
                        message: {
                          type: "object",
                          required: ["id", "name", "email", "message", "fields", "created_at"],
                          properties: {
                            id: { type: "string", format: "uuid" },
                            name: { type: "string" },
                            email: { type: "string" },
                            message: { type: "string" },
                            fields: { type: "object", additionalProperties: { type: "string" } },
                            created_at: { type: "string", format: "date-time" },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          responses: { "200": { description: "Any 2xx: delivered. Anything else, or no answer within 10 s: retried with back-off" } },
        },
      },
    },
    paths: {
      "/api/health": {
        get: {
          operationId: "health",
          summary: "Liveness: the process and its database answer",
          responses: {
            "200": json({ type: "object", required: ["status"], properties: { status: { const: "ok" } } }, "Alive"),
            "503": json({ type: "object", required: ["status"], properties: { status: { const: "unavailable" } } }, "The database does not answer"),
          },
        },
      },
      "/api/ready": {
        get: {
          operationId: "ready",
          summary:
            "Readiness: the database answers and takes a write, and the instance is not draining (Redis, when configured, is reported; its outage degrades, it does not make the instance unready)",
          responses: {
            "200": json(readyBody("ready"), "Ready (possibly degraded)"),
            "503": json(readyBody("unavailable"), "Not ready"),
          },
        },
      },
      "/api/openapi.json": {
        get: {
          operationId: "openapi",
          summary: "This document",
          responses: { "200": json({ type: "object", required: ["openapi", "paths"] }, "The OpenAPI document") },
        },
      },
      "/api/help/ask": {
        post: {
          operationId: "askHelp",
          summary: "Ask Tuesday: a question answered from the site's own pages (nothing stored but daily counters)",
          requestBody: formBody(fromZod(helpQuestionSchema), { multipart: false }),
          responses: {
            "200": json(ref("HelpAnswer"), "An answer with its sources, or kind none (the site does not say) with none"),
            "400": error("A body that cannot be read"),
            "405": error("Not POST"),
            "413": error("Too large"),
            "415": error("Neither JSON nor urlencoded"),
            "422": error("An empty question, one over 500 characters, or a lang other than en or hi"),
            "429": error("Rate-limited (300 questions and thumbs per client in 10 minutes; Retry-After)"),
          },
        },
      },
      "/api/help/feedback": {
        post: {
          operationId: "helpFeedback",
          summary: "A thumb up or down for an answer, counted against its topic and source page",
          requestBody: { required: true, content: { "application/json": { schema: fromZod(helpFeedbackSchema) } } },
          responses: {
            "200": json({ type: "object", required: ["ok"], additionalProperties: false, properties: { ok: { const: true } } }, "Counted"),
            "400": error("A body that cannot be read"),
            "405": error("Not POST"),
            "415": error("Neither JSON nor urlencoded"),
            "422": error("No answerId, one we did not give or older than yesterday, or no helpful"),
            "429": error("Rate-limited (Retry-After)"),
          },
        },
      },
      "/api/vitals": {
        post: {
          operationId: "vitals",
          summary: "A page-view or Core Web Vitals beacon (no cookie read or set; nothing stored with Sec-GPC: 1 or DNT: 1)",
          requestBody: { required: true, content: { "application/json": { schema: ref("Beacon") }, "text/plain": { schema: ref("Beacon") } } },
          responses: {
            "204": {
              description:
                "Counted (or dropped: a bot, GPC/DNT; a vital above its plausible maximum is dropped and counted as such; a page view counts once per client, route and minute)",
            },
            "400": error("Not a beacon"),
            "413": error("Over 8 KB"),
            "415": error("Neither JSON nor text/plain"),
            "429": error("Too many beacons from this client (30 per 10 minutes; an IPv6 client is its /64)"),
            "503": unavailable,
          },
        },
      },
      "/api/forms/{kind}": {
        post: {
          operationId: "submitForm",
          summary: "Feedback or contact message",
          parameters: [formKind, idempotencyKey],
          requestBody: formBody(ref("FormSubmission"), { multipart: true }),
          responses: {
            "200": json(
              { type: "object", required: ["ok"], additionalProperties: false, properties: { ok: { const: true } } },
              "Stored, with the company's notification in the mail outbox",
            ),
            "400": error("A malformed Idempotency-Key, or one already used for another message"),
            "404": error("Another form name"),
            "413": error("Over 32 KB"),
            "422": json(ref("FormErrors"), "Invalid fields, with the form service's codes"),
            "429": error("Rate-limited (Retry-After)"),
            "503": { ...error("The database did not take the message"), headers: retryAfter },
          },
        },
      },
      "/f/{form}": {
        post: {
          operationId: "formspreeSubmit",
          summary: "Any form, in Formspree's protocol (for @formspree/core and @formspree/react)",
          parameters: [formKey, idempotencyKey],
          requestBody: formBody(ref("AnyFields"), { multipart: true }),
          responses: {
            "200": json(
              {
                type: "object",
                required: ["ok", "next"],
                additionalProperties: false,
                properties: { ok: { const: true }, next: { type: "string", format: "uri" } },
              },
              "Stored",
            ),
            "400": json(ref("FormErrors"), "IDEMPOTENCY_KEY: malformed, or already used for another message"),
            "403": json(ref("FormErrors"), "INACTIVE (switched off) or BLOCKED (a site the form does not allow)"),
            "404": json(ref("FormErrors"), "FORM_NOT_FOUND"),
            "413": json(ref("FormErrors"), "Over 32 KB"),
            "422": json(ref("FormErrors"), "Invalid fields"),
            "429": json(ref("FormErrors"), "Rate-limited (Retry-After)"),
            "503": { ...json(ref("FormErrors"), "The database did not take the message"), headers: retryAfter },
          },
        },
      },
      "/waitlist": {
        post: {
          operationId: "joinWaitlist",
          summary: "Join the launch waitlist (a form post; the page shows the answer). Double opt-in: a new address is mailed a link to confirm",
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  required: ["email"],
                  properties: {
                    email: { type: "string", format: "email", maxLength: 254 },
                    interest: { type: "string", description: '"" (anything), plan:<id> or product:<slug>', pattern: "^$|^(plan|product):[a-z0-9-]+$" },
                    source: { enum: ["/coming-soon", "/pricing", "/product", "/waitlist"] },
                  },
                },
              },
            },
          },
          responses: {
            "200": html(
              '"Check your inbox" (the same whether or not the address was on the list already), or "You are on the list" for the signed-in owner of the address',
            ),
            "400": html("The address is missing or malformed, or the interest is not offered: the form with each field's error"),
            "413": html("Over 4 KB"),
            "415": html("Neither a urlencoded nor a multipart form"),
            "429": { ...html("Too many joins from this client or for this mailbox, or the hour's confirmation mails are used up"), headers: retryAfter },
            "503": { ...html("The database did not take the join"), headers: retryAfter },
          },
        },
      },
      "/waitlist/confirm": {
        get: {
          operationId: "waitlistConfirmPage",
          summary: "The confirmation link's page: shows the place and a button; changes nothing (mail scanners open links)",
          parameters: [{ name: "token", in: "query", required: true, schema: { type: "string" } }],
          responses: {
            "200": html('The place, with "Confirm my place" (or: confirmed already)'),
            "400": html("Not a valid link"),
            "410": html("The link expired (7 days)"),
          },
        },
        post: {
          operationId: "waitlistConfirm",
          summary: "Confirms the place the link stands for",
          parameters: [{ name: "token", in: "query", required: true, schema: { type: "string" } }],
          responses: { "200": html("Confirmed (or confirmed already)"), "400": html("Not a valid link"), "410": html("The link expired (7 days)") },
        },
      },
      "/waitlist/unsubscribe": {
        get: {
          operationId: "waitlistUnsubscribePage",
          summary: "The unsubscribe link's page: shows the address and a button; changes nothing (RFC 8058)",
          parameters: [
            { name: "id", in: "query", required: true, schema: { type: "string" } },
            { name: "token", in: "query", required: true, schema: { type: "string" } },
          ],
          responses: { "200": html('The address, with "Leave the waitlist" (or: not on the list any more)'), "400": html("Not a valid link") },
        },
        post: {
          operationId: "waitlistUnsubscribe",
          summary: "Removes the address: the page's button, or a mail app's one-click POST (List-Unsubscribe=One-Click, RFC 8058)",
          parameters: [
            { name: "id", in: "query", required: true, schema: { type: "string" } },
            { name: "token", in: "query", required: true, schema: { type: "string" } },
          ],
          responses: { "200": html("Removed (or not on the list any more)"), "400": html("Not a valid link") },
        },
      },
      "/admin/accounts/{id}/export": {
        get: {
          operationId: "exportAccountData",
          summary: "An operator's copy of a person's data (a data request the privacy page promises), as a JSON download; audited (account.data-exported)",
          security: signedIn,
          parameters: [userId],
          responses: {
            "200": {
              ...json(ref("AccountExport"), "The person's data (Content-Disposition: attachment)"),
              headers: { "Content-Disposition": { description: 'attachment; filename="account-<id>-<YYYY-MM-DD>.json"', schema: { type: "string" } } },
            },
            "404": {
              description:
                "No such account; or the caller is not an operator (the console does not exist for them); or another site started the download (Sec-Fetch-Site)",
            },
          },
        },
      },
      "/api/user/{id}": {
        get: {
          operationId: "getUser",
          summary: "The signed-in owner's record",
          security: recordSecurity,
          parameters: [userId],
          responses: {
            "200": json(ref("RecordAnswer"), "The record"),
            "401": error("Signed out, or (API_KEY set) a missing or wrong x-api-key"),
            "403": error("Someone else's id"),
            "404": error("No record"),
            "503": unavailable,
          },
        },
        delete: {
          operationId: "deleteUser",
          summary: "Deletes the account: the typed name must equal the account's name and the password must be right",
          security: recordSecurity,
          parameters: [userId],
          requestBody: formBody(fromZod(deleteAccountBodySchema), { multipart: false }),
          responses: {
            "200": json(
              { type: "object", required: ["success", "message"], properties: { success: { const: true }, message: { type: "string" } } },
              "Deleted; the session cookie is cleared",
            ),
            "202": json(
              { type: "object", required: ["success", "message"], properties: { success: { const: true }, message: { type: "string" } } },
              "An account without a password: a confirmation link was emailed",
            ),
            "400": error("The name does not match, or no password"),
            "401": error("Signed out, or (API_KEY set) a missing or wrong x-api-key"),
            "403": error("Someone else's id, or a wrong password"),
            "429": error("Rate-limited"),
            "503": unavailable,
          },
        },
      },
      "/api/saveUser": {
        post: {
          operationId: "saveUser",
          summary: "Creates or refreshes the caller's own record",
          security: recordSecurity,
          responses: {
            "200": json(ref("RecordAnswer"), "The record"),
            "401": error("Signed out, or (API_KEY set) a missing or wrong x-api-key"),
            "503": unavailable,
          },
        },
      },
      "/api/saveUser/{uid}": {
        post: {
          operationId: "updateUser",
          summary: "Updates name, gender, dob and about only",
          security: recordSecurity,
          parameters: [{ ...userId, name: "uid" }],
          requestBody: formBody(ref("ProfileUpdate"), { multipart: true }),
          responses: {
            "200": json(ref("RecordAnswer"), "The updated record"),
            "400": json(fromZod(profileErrorsSchema, "output"), "Invalid input: the contract's error, with each refused field's message"),
            "401": error("Signed out, or (API_KEY set) a missing or wrong x-api-key"),
            "403": error("Someone else's id"),
            "503": unavailable,
          },
        },
      },
      "/api/auth/sign-up/email": {
        post: {
          operationId: "signUp",
          summary: "Creates an account and mails a verification link (an address in use answers the same and its owner is told by mail)",
          parameters: [idempotencyKey],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["email", "password", "name"],
                  properties: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, callbackURL: { type: "string" } },
                },
              },
            },
          },
          responses: {
            "200": json(
              { type: "object", required: ["user"], not: NO_TOKEN, properties: { user: ref("AuthUser") } },
              "Signed up; not signed in until verified (no session token in the answer)",
            ),
            "400": json(
              { type: "object", required: ["message"], properties: { message: { type: "string" }, code: { type: "string" } } },
              "Invalid input, or an Idempotency-Key malformed or already used for another sign-up",
            ),
            "409": { ...error("A sign-up with this Idempotency-Key is still being processed"), headers: retryAfter },
            "429": json({ type: "object", required: ["message"], properties: { message: { type: "string" }, code: { type: "string" } } }, "Rate-limited"),
            "503": unavailable,
          },
        },
      },
      "/api/auth/sign-in/email": {
        post: {
          operationId: "signIn",
          summary: "Signs in (sets the session cookie)",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["email", "password"],
                  properties: { email: { type: "string" }, password: { type: "string" }, rememberMe: { type: "boolean" } },
                },
              },
            },
          },
          responses: {
            "200": json(
              { type: "object", required: ["user"], not: NO_TOKEN, properties: { redirect: { type: "boolean" }, user: ref("AuthUser") } },
              "Signed in (the session token is only in the HttpOnly cookie)",
            ),
            "401": json(
              { type: "object", required: ["message"], properties: { message: { type: "string" }, code: { type: "string" } } },
              "Invalid email or password",
            ),
            "403": json(
              { type: "object", required: ["message"], properties: { message: { type: "string" }, code: { type: "string" } } },
              "Email not verified, or sign-in stopped by an operator",
            ),
            "429": json(
              { type: "object", required: ["message"], properties: { message: { type: "string" }, code: { type: "string" } } },
              "Rate-limited, or too many failed attempts",
            ),
            "503": unavailable,
          },
        },
      },
      "/api/auth/get-session": {
        get: {
          operationId: "getSession",
          summary: "The current session and user, or null",
          responses: {
            "200": json(
              {
                anyOf: [
                  { type: "null" },
                  {
                    type: "object",
                    required: ["session", "user"],
                    properties: { session: { type: "object", required: ["id", "userId", "expiresAt"], not: NO_TOKEN }, user: ref("AuthUser") },
                  },
                ],
              },
              "The session (named by its id; never its token), or null",
            ),
            "503": { ...unavailable, description: "The session store did not answer: whether you are signed in is unknown (never answered as signed out)" },
          },
        },
      },
      "/api/auth/sign-out": {
        post: {
          operationId: "signOut",
          summary: "Ends this session",
          responses: { "200": json({ type: "object", required: ["success"], properties: { success: { const: true } } }, "Signed out"), "503": unavailable },
        },
      },
      "/api/auth/request-password-reset": {
        post: {
          operationId: "requestPasswordReset",
          summary:
            "Mails a reset link when the account exists (the answer is the same either way, also when the address's hourly budget is used up: then nothing is sent, except to the owner's own browser)",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required: ["email"], properties: { email: { type: "string" }, redirectTo: { type: "string" } } },
              },
            },
          },
          responses: {
            "200": json({ type: "object", required: ["status"], properties: { status: { const: true }, message: { type: "string" } } }, "Accepted"),
            "429": json({ type: "object", required: ["message"], properties: { message: { type: "string" } } }, "Too many requests from this client"),
            "503": unavailable,
          },
        },
      },
      "/api/auth/resend-verification": {
        post: {
          operationId: "resendVerification",
          summary: "The spec's resend rules: 5 mails, 5 minutes apart",
          requestBody: { required: false, content: { "application/json": { schema: { type: "object", properties: { email: { type: "string" } } } } } },
          responses: {
            "200": json(
              { type: "object", required: ["success", "message"], properties: { success: { const: true }, message: { type: "string" } } },
              "Sent (or nothing to send, answered alike)",
            ),
            "400": error("No address and no pending verification"),
            "429": error("Too soon, or too many"),
            "503": unavailable,
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: `__Secure-${site.slug}.session_token`,
          description: `Better Auth's session cookie (\`${site.slug}.session_token\` over plain http).`,
        },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description:
            "The client's key, required with the session on /api/user* and /api/saveUser* when the server has API_KEY set (it identifies a client; it never stands in for a session).",
        },
      },
    },
  };
}
