/**
 * GET /api/openapi.json against the routes' real answers: the document is an
 * OpenAPI 3.1 document whose schemas all compile and whose $refs all resolve;
 * it lists the contract's JSON endpoints; and every documented operation is
 * called here (successes and the errors a client must handle), each answer's
 * status documented for its operation and its JSON body valid against the
 * documented schema. An answer that changes without the document fails here.
 */
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, test } from "vitest";
import { callRoute, FIXTURE_PASSWORD, freshEmail, lastMail, mergeCookies, type RouteAnswer, type RouteCall, signIn } from "../../../tests/routes/route-kit";
import { loader as exportLoader } from "../admin.accounts.export";
import { action as formspreeAction } from "../f.form";
import { action as waitlistAction } from "../waitlist";
import { action as confirmAction, loader as confirmLoader } from "../waitlist.confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../waitlist.unsubscribe";
import { action as authAction, loader as authLoader } from "./auth";
import { action as formsAction } from "./forms";
import { action as helpAskAction } from "./help-ask";
import { action as helpFeedbackAction } from "./help-feedback";
import { loader as healthLoader } from "./health";
import { loader as openapiLoader } from "./openapi";
import { loader as readyLoader } from "./ready";
import { action as saveUserAction } from "./save-user";
import { action as saveUserByIdAction } from "./save-user-by-id";
import { action as userAction, loader as userLoader } from "./user";
import { action as vitalsAction } from "./vitals";

type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const DOC_ID = "https://tuesday.test/openapi.json";
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

let doc: Doc;
let ajv: Ajv2020;

beforeAll(async () => {
  const answer = await callRoute<Doc>(openapiLoader, { path: "/api/openapi.json" });
  expect(answer.status).toBe(200);
  doc = answer.data;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The whole document as one schema: its $refs (#/components/…) resolve inside it.
  ajv.addSchema({ ...doc, $id: DOC_ID });
});

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

describe("the document", () => {
  test("is OpenAPI 3.1, public and cacheable, on the site's own origin", async () => {
    const answer = await callRoute(openapiLoader, { path: "/api/openapi.json" });
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(JSON.stringify(doc)).toContain("http://localhost:3000");
  });

  test("is well formed: every operation has a unique id and responses, every path parameter is declared, every schema compiles", () => {
    const ids = new Set<string>();
    for (const [template, item] of Object.entries(doc.paths)) {
      expect(template).toMatch(/^\//);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS, `${method} ${template}`).toContain(method);
        expect(ids.has(operation.operationId), `operationId ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId);
        expect(Object.keys(operation.responses).length, `${method} ${template}`).toBeGreaterThan(0);
        for (const status of Object.keys(operation.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
        const declared = (operation.parameters ?? [])
          .filter((p) => p.in === "path")
          .map((p) => p.name)
          .sort();
        const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        expect(declared, `${method} ${template}: path parameters`).toEqual(inTemplate);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!response.content?.["application/json"]) continue;
          // An unresolvable $ref throws here.
          expect(() =>
            ajv.compile({ $ref: `${DOC_ID}#/${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}` }),
          ).not.toThrow();
        }
      }
    }
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.compile({ $ref: `${DOC_ID}#/${pointer("components", "schemas", name)}` }), name).not.toThrow();
    }
  });

  test("lists every JSON endpoint of the contract", () => {
    const documented = Object.entries(doc.paths).flatMap(([template, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`));
    expect(documented).toEqual(
      expect.arrayContaining([
        "GET /api/health",
        "GET /api/ready",
        "POST /api/vitals",
        "POST /f/{form}",
        "GET /api/openapi.json",
        "GET /api/user/{id}",
        "DELETE /api/user/{id}",
        "POST /api/saveUser",
        "POST /api/saveUser/{uid}",
        "POST /api/forms/{kind}",
        "POST /api/auth/resend-verification",
        "POST /api/help/ask",
        "POST /api/help/feedback",
      ]),
    );
  });
});

test("every JSON answer of the API matches the document, and every documented operation is exercised", async () => {
  const exercised = new Set<string>();

  function check(method: string, template: string, answer: RouteAnswer) {
    const status = String(answer.status);
    const operation = doc.paths[template]?.[method];
    expect(operation, `${method.toUpperCase()} ${template} is documented`).toBeTruthy();
    const documented = operation!.responses[status];
    expect(documented, `${method.toUpperCase()} ${template} answered ${status}, which is not documented`).toBeTruthy();
    exercised.add(`${method} ${template}`);
    if (!documented!.content?.["application/json"]) return;
    // A thrown data() (requireViewer's 401, requireOwner's 403) is made JSON by React Router's resource-route
    // handling, which the route kit does not run: there the body is the data itself.
    if (!answer.thrown || answer.headers.has("content-type"))
      expect(answer.headers.get("content-type"), `${method.toUpperCase()} ${template} ${status}`).toContain("application/json");
    const validate = ajv.compile({ $ref: `${DOC_ID}#/${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}` });
    const ok = validate(answer.data);
    expect(ok, `${method.toUpperCase()} ${template} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.data).slice(0, 500)}`).toBe(true);
  }

  // Each client its own address (rate limits are per address).
  let lastIp = 0;
  const client = () => `10.90.0.${++lastIp}`;
  const auth = (path: string, call: Omit<RouteCall, "path"> = {}) =>
    callRoute(call.json === undefined && !call.method ? authLoader : authAction, { path: `/api/auth${path}`, ...call });

  check("get", "/api/openapi.json", await callRoute(openapiLoader, { path: "/api/openapi.json" }));
  check("get", "/api/health", await callRoute(healthLoader, { path: "/api/health" }));
  check("get", "/api/ready", await callRoute(readyLoader, { path: "/api/ready" }));

  // Analytics beacons.
  const ua = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36" };
  const event = { name: "LCP", value: 1234, route: "/", device: "desktop", connection: "4g" };
  const vitals = (body: string, type: string) => callRoute(vitalsAction, { path: "/api/vitals", body, headers: { ...ua, "content-type": type }, ip: client() });
  check("post", "/api/vitals", await vitals(JSON.stringify(event), "text/plain"));
  check("post", "/api/vitals", await vitals(JSON.stringify({ ...event, route: "/nowhere" }), "application/json"));
  check("post", "/api/vitals", await vitals("<x/>", "application/xml"));

  // Ask Tuesday.
  const asked = await callRoute<{ answerId: string }>(helpAskAction, { path: "/api/help/ask", json: { q: "How much is the Basic plan?" }, ip: client() });
  check("post", "/api/help/ask", asked);
  check("post", "/api/help/ask", await callRoute(helpAskAction, { path: "/api/help/ask", json: { q: "What's the weather today?" }, ip: client() }));
  check("post", "/api/help/ask", await callRoute(helpAskAction, { path: "/api/help/ask", json: { q: "" }, ip: client() }));
  check(
    "post",
    "/api/help/feedback",
    await callRoute(helpFeedbackAction, { path: "/api/help/feedback", json: { answerId: asked.data.answerId, helpful: true }, ip: client() }),
  );
  check(
    "post",
    "/api/help/feedback",
    await callRoute(helpFeedbackAction, { path: "/api/help/feedback", json: { answerId: "forged", helpful: true }, ip: client() }),
  );

  // The form service, and the same in Formspree's protocol.
  const fields = { name: "Ada", email: "ada@example.com", message: "OpenAPI route test" };
  const formIp = client();
  const forms = (kind: string, call: Omit<RouteCall, "path">) => callRoute(formsAction, { path: `/api/forms/${kind}`, params: { kind }, ip: formIp, ...call });
  check("post", "/api/forms/{kind}", await forms("feedback", { json: fields }));
  check("post", "/api/forms/{kind}", await forms("contact", { json: { name: "", email: "nope" } }));
  check("post", "/api/forms/{kind}", await forms("other", { json: fields }));
  const formKey = { "idempotency-key": "openapi-route-test-key" };
  check("post", "/api/forms/{kind}", await forms("feedback", { json: { ...fields, message: "Keyed" }, headers: formKey }));
  check("post", "/api/forms/{kind}", await forms("feedback", { json: { ...fields, message: "Keyed" }, headers: formKey }));
  check("post", "/api/forms/{kind}", await forms("feedback", { json: fields, headers: { "idempotency-key": "short" } }));
  const formspree = (form: string, call: Omit<RouteCall, "path">) => callRoute(formspreeAction, { path: `/f/${form}`, params: { form }, ip: formIp, ...call });
  check("post", "/f/{form}", await formspree("contact", { json: fields }));
  check("post", "/f/{form}", await formspree("contact", { json: { email: "x" } }));
  check("post", "/f/{form}", await formspree("no-such-form", { json: fields }));
  check("post", "/f/{form}", await formspree("contact", { json: fields, headers: { "idempotency-key": "bad key with spaces" } }));
  check("post", "/f/{form}", await formspree("contact", { json: fields, origin: "https://elsewhere.example" }));

  // Accounts: sign up, (unverified) sign in, verify, sign in, session, records, delete.
  const email = freshEmail("openapi");
  const anon = client();
  // The anonymous client is a browser: it keeps the cookies it is given (the pending sign-up's).
  const signedUp = await auth("/sign-up/email", { json: { email, password: FIXTURE_PASSWORD, name: "Open Api" }, ip: anon });
  check("post", "/api/auth/sign-up/email", signedUp);
  const anonCookie = signedUp.cookies;
  check(
    "post",
    "/api/auth/sign-up/email",
    await auth("/sign-up/email", { json: { email: "not-an-address", password: FIXTURE_PASSWORD, name: "X" }, ip: anon }),
  );
  const keyed = client();
  const signUpKey = { "idempotency-key": "openapi-route-signup-key" };
  const keyedUp = { email: freshEmail("openapi-keyed"), password: FIXTURE_PASSWORD, name: "Keyed" };
  check("post", "/api/auth/sign-up/email", await auth("/sign-up/email", { json: keyedUp, headers: signUpKey, ip: keyed }));
  const again = await auth("/sign-up/email", { json: keyedUp, headers: signUpKey, ip: keyed });
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  check("post", "/api/auth/sign-up/email", again);
  check(
    "post",
    "/api/auth/sign-up/email",
    await auth("/sign-up/email", { json: { ...keyedUp, password: `${FIXTURE_PASSWORD}-other` }, headers: signUpKey, ip: keyed }),
  );
  check("post", "/api/auth/sign-in/email", await auth("/sign-in/email", { json: { email, password: FIXTURE_PASSWORD }, ip: anon }));
  check("post", "/api/auth/resend-verification", await auth("/resend-verification", { json: { email }, cookie: anonCookie, ip: anon }));
  const verifyLink = new URL((await lastMail(email, "verification")).links.find((l) => l.includes("/api/auth/verify-email"))!);
  // Opened in the browser that signed up (elsewhere a link verifies the address but keeps no password).
  expect((await auth(`${verifyLink.pathname.replace("/api/auth", "")}${verifyLink.search}`, { cookie: anonCookie, ip: anon })).status).toBe(302);
  check("post", "/api/auth/sign-in/email", await auth("/sign-in/email", { json: { email, password: "wrong-password-1" }, ip: anon }));
  check("get", "/api/auth/get-session", await auth("/get-session", { ip: anon }));

  const me = client();
  const signedIn = await auth("/sign-in/email", { json: { email, password: FIXTURE_PASSWORD }, ip: me });
  check("post", "/api/auth/sign-in/email", signedIn);
  const cookie = mergeCookies(signedIn.cookies);
  const session = await auth("/get-session", { cookie, ip: me });
  check("get", "/api/auth/get-session", session);
  const id = (session.data as { user: { id: string } }).user.id;
  const user = (userId: string, call: Omit<RouteCall, "path"> = {}) =>
    callRoute(call.method ? userAction : userLoader, { path: `/api/user/${userId}`, params: { id: userId }, ip: me, ...call });
  check("get", "/api/user/{id}", await user(id, { cookie }));
  check("get", "/api/user/{id}", await user("someone-else", { cookie }));
  check("get", "/api/user/{id}", await user(id));
  check("post", "/api/saveUser", await callRoute(saveUserAction, { path: "/api/saveUser", method: "POST", cookie, ip: me }));
  const save = (json: unknown) => callRoute(saveUserByIdAction, { path: `/api/saveUser/${id}`, params: { uid: id }, json, cookie, ip: me });
  check("post", "/api/saveUser/{uid}", await save({ about: "Documented.", role: "admin" }));
  check("post", "/api/saveUser/{uid}", await save({ dob: "31-12-2000" }));
  // The documented format (YYYY-MM-DD) is the one taken; the profile page's date boxes are not part of the API.
  check("post", "/api/saveUser/{uid}", await save({ name: "Open Api", dob: "2000-12-31", "dob-day": "1", "dob-month": "1", "dob-year": "1990" }));
  expect(((await user(id, { cookie })).data as { data: { dob: string } }).data.dob).toBe("2000-12-31");
  check("post", "/api/auth/request-password-reset", await auth("/request-password-reset", { json: { email, redirectTo: "/auth/reset-password" }, ip: anon }));
  check("delete", "/api/user/{id}", await user(id, { method: "DELETE", json: { name: "Not The Name", password: FIXTURE_PASSWORD }, cookie }));
  check("delete", "/api/user/{id}", await user(id, { method: "DELETE", json: { name: "Open Api", password: FIXTURE_PASSWORD }, cookie }));

  // The console's JSON download of a person's data: an operator's, and the 404s everyone else gets.
  const person = await signIn();
  const exportOf = (accountId: string, call: Omit<RouteCall, "path"> = {}) =>
    callRoute(exportLoader, { path: `/admin/accounts/${accountId}/export`, params: { id: accountId }, ...call });
  check("get", "/admin/accounts/{id}/export", await exportOf(person.id, { cookie: person.cookie }));
  const operator = await signIn({ operator: true });
  const exported = await exportOf(person.id, { cookie: operator.cookie });
  expect(exported.status).toBe(200);
  check("get", "/admin/accounts/{id}/export", exported);
  check("get", "/admin/accounts/{id}/export", await exportOf("no-such-account", { cookie: operator.cookie }));
  check("get", "/admin/accounts/{id}/export", await exportOf(person.id, { cookie: operator.cookie, headers: { "sec-fetch-site": "cross-site" } }));
  check("post", "/api/auth/sign-out", await auth("/sign-out", { json: {}, cookie: person.cookie, ip: client() }));

  // The launch waitlist: a form post and the two mailed links (pages, not JSON: their statuses are checked).
  const waitlister = freshEmail("openapi-wait");
  const waitIp = client();
  const join = (call: Omit<RouteCall, "path">) => callRoute(waitlistAction, { path: "/waitlist", ip: waitIp, ...call });
  check("post", "/waitlist", await join({ form: { email: waitlister, interest: "plan:basic", source: "/pricing" } }));
  check("post", "/waitlist", await join({ form: { email: "nope", interest: "plan:gold" } }));
  check("post", "/waitlist", await join({ json: { email: waitlister } }));
  const waitMail = await lastMail(waitlister, "waitlist-confirm");
  const local = (pattern: string) => {
    const url = new URL(waitMail.links.find((l) => l.includes(pattern))!);
    return `${url.pathname}${url.search}`;
  };
  check("get", "/waitlist/confirm", await callRoute(confirmLoader, { path: local("/waitlist/confirm?token=") }));
  check("get", "/waitlist/confirm", await callRoute(confirmLoader, { path: "/waitlist/confirm?token=nope" }));
  check("post", "/waitlist/confirm", await callRoute(confirmAction, { path: local("/waitlist/confirm?token="), form: {} }));
  check("get", "/waitlist/unsubscribe", await callRoute(unsubscribeLoader, { path: local("/waitlist/unsubscribe?id=") }));
  check("get", "/waitlist/unsubscribe", await callRoute(unsubscribeLoader, { path: "/waitlist/unsubscribe?id=x&token=y" }));
  check(
    "post",
    "/waitlist/unsubscribe",
    await callRoute(unsubscribeAction, { path: local("/waitlist/unsubscribe?id="), form: { "List-Unsubscribe": "One-Click" }, origin: null }),
  );

  const documented = Object.entries(doc.paths).flatMap(([template, methods]) => Object.keys(methods).map((method) => `${method} ${template}`));
  expect(
    documented.filter((operation) => !exercised.has(operation)),
    "documented operations this test did not call",
  ).toEqual([]);
  // Every operation once, sign-ups and sign-ins among them: 2.5 s alone, past 20 s beside CI's other lane.
}, 60_000);
