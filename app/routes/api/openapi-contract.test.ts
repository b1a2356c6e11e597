/**
 * The document against the validators (issue 42): for every operation of ours
 * that takes a body, a valid example passes both the server's validator and
 * the documented request schema, and each invalid example fails both. The
 * request schemas are generated from the validators' zod schemas
 * (app/openapi.ts), so this holds the generation to the server; where the
 * server validates without zod (the form service's codes), it holds the
 * documented schema to the server's own check. An operation with a body that
 * is neither here nor listed as someone else's fails the last test.
 */
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, test } from "vitest";
import { beaconSchema } from "~/features/analytics/index.server";
import { FORM_ERROR_CODES, formErrorsSchema, validateAnyFields, validateSubmission } from "~/features/forms/index.server";
import { helpFeedbackSchema, helpQuestionSchema } from "~/features/help/index.server";
import { deleteAccountBodySchema, profileApiBodySchema } from "~/features/profile/index.server";
import { openApiDocument } from "~/openapi";

type Operation = { operationId: string; requestBody?: { content: Record<string, { schema: unknown }> } };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

const DOC_ID = "https://tuesday.test/openapi-contract.json";
let doc: Doc;
let ajv: Ajv2020;

beforeAll(() => {
  // Through JSON, as the route serves it.
  doc = JSON.parse(JSON.stringify(openApiDocument("http://localhost:3000"))) as Doc;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function operation(operationId: string): { template: string; method: string; op: Operation } {
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (op.operationId === operationId) return { template, method, op };
  }
  throw new Error(`no operation ${operationId}`);
}

/** Whether `body` is valid against the operation's documented request schema, for each content type it lists. */
function documentedAccepts(operationId: string, body: unknown): boolean[] {
  const { template, method, op } = operation(operationId);
  return Object.keys(op.requestBody!.content).map((type) => {
    const validate = ajv.compile({ $ref: `${DOC_ID}#/${pointer("paths", template, method, "requestBody", "content", type, "schema")}` });
    return validate(body) as boolean;
  });
}

interface Contract {
  /** The server's own verdict on a body. */
  accepts: (body: Record<string, unknown>) => boolean;
  valid: Record<string, unknown>[];
  invalid: Record<string, unknown>[];
}

const CONTRACTS: Record<string, Contract> = {
  askHelp: {
    accepts: (body) => helpQuestionSchema.safeParse(body).success,
    valid: [{ q: "How much is the Basic plan?" }, { q: "कीमत क्या है?", lang: "hi" }],
    invalid: [{}, { q: "" }, { q: "x".repeat(501) }, { q: "Hello", lang: "fr" }, { q: 5 }],
  },
  helpFeedback: {
    accepts: (body) => helpFeedbackSchema.safeParse(body).success,
    valid: [
      { answerId: "a1.b2", helpful: true },
      { answerId: "a1.b2", helpful: "down" },
    ],
    invalid: [{ answerId: "a1.b2" }, { answerId: "", helpful: true }, { answerId: "a1.b2", helpful: "maybe" }],
  },
  vitals: {
    accepts: (body) => beaconSchema.safeParse(body).success,
    valid: [
      {
        device: "mobile",
        connection: "4g",
        events: [
          { route: "/blog/:slug", metric: "pageview" },
          { route: "/", metric: "LCP", value: 1834.2 },
        ],
      },
      { name: "CLS", value: 0.04, route: "/", device: "desktop" },
      { name: "pageview", route: "/pricing", device: "tablet", connection: "unknown" },
    ],
    invalid: [
      // A route that is not a tracked pattern (a URL, an id).
      { device: "mobile", connection: "4g", events: [{ route: "/blog/attention-explained", metric: "pageview" }] },
      { name: "LCP", value: 1, route: "/profile?id=1", device: "mobile" },
      // Each vital's maximum (CLS 100, LCP 600 s), in a batch and on its own.
      { device: "mobile", connection: "4g", events: [{ route: "/", metric: "CLS", value: 101 }] },
      { name: "CLS", value: 101, route: "/", device: "mobile" },
      { name: "LCP", value: 600_001, route: "/", device: "mobile" },
      { name: "LCP", route: "/", device: "mobile" },
      // Nothing else: extra keys, unknown names.
      { device: "mobile", connection: "4g", events: [{ route: "/", metric: "pageview" }], userId: "u1" },
      { device: "watch", connection: "4g", events: [{ route: "/", metric: "pageview" }] },
      { name: "FID", value: 1, route: "/", device: "mobile" },
    ],
  },
  submitForm: {
    accepts: (body) => validateSubmission(body).ok,
    valid: [
      { name: "Ada", email: "ada@example.com", message: "Hello" },
      { name: "Ada", email: "ada@example.com", message: "Hello", subject_line: "" },
    ],
    invalid: [
      { name: "Ada", email: "ada@example.com" },
      { name: "", email: "ada@example.com", message: "Hello" },
      { name: "Ada", email: "nope", message: "Hello" },
      { name: "Ada", email: "ada@example.com", message: "m".repeat(5001) },
      { name: "x".repeat(101), email: "ada@example.com", message: "Hello" },
      { name: 5, email: "ada@example.com", message: "Hello" },
    ],
  },
  formspreeSubmit: {
    // A form of the form service without rules of its own.
    accepts: (body) => validateAnyFields(body, []).ok,
    valid: [{ email: "ada@example.com", phone: 5550100, subscribe: true, _replyto: "ada@example.com" }, { note: "hello" }],
    invalid: [{}, { email: "nope" }, { tags: ["a", "b"] }],
  },
  updateUser: {
    accepts: (body) => profileApiBodySchema.safeParse(body).success,
    valid: [
      { name: "Asha", gender: "Female", dob: "1990-04-02", about: "Hi" },
      // Any gender text up to 40 characters: the server does not hold it to the page's choices.
      { name: "Asha", gender: "Two-spirit" },
      { name: "Asha", dob: "", role: "operator" },
    ],
    invalid: [
      {},
      { about: "No name" },
      { name: "Asha", gender: "g".repeat(41) },
      { name: "Asha", dob: "31-12-2000" },
      { name: "Asha", about: "a".repeat(2001) },
      { name: "x".repeat(101) },
      { name: "Asha", gender: 5 },
    ],
  },
  deleteUser: {
    accepts: (body) => deleteAccountBodySchema.safeParse(body).success,
    valid: [{ name: "Asha Rao", password: "correct horse battery" }, { name: "Asha Rao" }],
    invalid: [{}, { password: "correct horse battery" }, { name: 5 }, { name: "Asha Rao", password: 5 }],
  },
};

/** Operations with a body that are not ours to validate, or are not JSON: Better Auth's, and the waitlist's page post (an HTML form, hand-described). */
const ELSEWHERE = (template: string, operationId: string) => template.startsWith("/api/auth/") || operationId === "joinWaitlist";

describe.each(Object.entries(CONTRACTS))("%s", (operationId, contract) => {
  test("a valid body passes the server's validator and the documented schema", () => {
    for (const body of contract.valid) {
      expect(contract.accepts(body), `server: ${JSON.stringify(body)}`).toBe(true);
      for (const ok of documentedAccepts(operationId, body)) expect(ok, `document: ${JSON.stringify(body)}`).toBe(true);
    }
  });

  test("an invalid body fails both", () => {
    for (const body of contract.invalid) {
      expect(contract.accepts(body), `server: ${JSON.stringify(body).slice(0, 120)}`).toBe(false);
      for (const ok of documentedAccepts(operationId, body)) expect(ok, `document: ${JSON.stringify(body).slice(0, 120)}`).toBe(false);
    }
  });
});

test("every operation of ours with a body has its contract here", () => {
  const withBody = Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.values(item)
      .filter((op) => op.requestBody && !ELSEWHERE(template, op.operationId))
      .map((op) => op.operationId),
  );
  expect(withBody.sort()).toEqual(Object.keys(CONTRACTS).sort());
});

test("the answers' shapes come from the server's lists and schemas", () => {
  const codes = (doc.components.schemas.FormErrors as { properties: { errors: { items: { properties: { code: { enum: string[] } } } } } }).properties.errors
    .items.properties.code.enum;
  expect(codes).toEqual([...FORM_ERROR_CODES]);
  expect(formErrorsSchema.safeParse({ errors: [{ code: "NOT_A_CODE", message: "x" }] }).success).toBe(false);
  // The gender is any text up to 40 characters, as user-record.ts has it: no list of choices.
  const profileUpdate = doc.components.schemas.ProfileUpdate as { properties: Record<string, Record<string, unknown>> };
  expect(JSON.stringify(profileUpdate.properties.gender)).not.toContain("enum");
  expect(JSON.stringify(profileUpdate.properties.gender)).toContain('"maxLength":40');
});

test("x-api-key is a security scheme, required with the session on the user-record operations when API_KEY is set", () => {
  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
  const keyed = JSON.parse(JSON.stringify(openApiDocument("http://localhost:3000", { apiKeyRequired: true }))) as {
    paths: Record<string, Record<string, { security?: unknown }>>;
  };
  for (const [template, method] of [
    ["/api/user/{id}", "get"],
    ["/api/user/{id}", "delete"],
    ["/api/saveUser", "post"],
    ["/api/saveUser/{uid}", "post"],
  ] as const) {
    expect(keyed.paths[template]![method]!.security, `${method} ${template}`).toEqual([{ session: [], apiKey: [] }]);
    expect(doc.paths[template]![method] as unknown as { security: unknown }, `${method} ${template} without API_KEY`).toMatchObject({
      security: [{ session: [] }],
    });
  }
  const elsewhere = Object.entries(keyed.paths).flatMap(([template, item]) =>
    /^\/api\/(user|saveUser)/.test(template) ? [] : Object.values(item).map((op) => JSON.stringify(op.security ?? [])),
  );
  expect(elsewhere.filter((security) => security.includes("apiKey"))).toEqual([]);
});

test("every error status of our /api/* operations is documented with the one error shape", () => {
  const shaped = { success: false, message: "Something went wrong." };
  const problems: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!template.startsWith("/api/") || template.startsWith("/api/auth/")) continue;
    for (const [method, op] of Object.entries(item) as Array<[string, Operation & { responses: Record<string, { content?: Record<string, unknown> }> }]>) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        // The form service's field errors keep its own protocol (the service's codes), as the contract has it.
        if (op.operationId === "submitForm" && status === "422") continue;
        // A probe's 503 is its report (`{"status": "unavailable", …}`) for balancers and monitors, not an error of a request.
        if ((op.operationId === "health" || op.operationId === "ready") && status === "503") continue;
        const at = `${method.toUpperCase()} ${template} ${status}`;
        if (!response.content?.["application/json"]) {
          problems.push(`${at}: no JSON body documented`);
          continue;
        }
        const validate = ajv.compile({
          $ref: `${DOC_ID}#/${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}`,
        });
        // The one shape, or (the profile update's 400) the one shape with each field's message.
        const withFields = { success: false, message: "Something went wrong.", errors: {} };
        if (!validate(shaped) && !validate(withFields)) problems.push(`${at}: not the error shape`);
        if (validate({ message: "Something went wrong." })) problems.push(`${at}: takes an error without success: false`);
      }
    }
  }
  expect(problems).toEqual([]);
});
