/**
 * GET /api/openapi.json against the running server's real answers: every
 * JSON endpoint is called (successes and the errors a client must handle),
 * each answer's status must be documented for its operation and its body
 * must match the documented schema, and every documented operation must have
 * been called. An answer that changes without the document fails here.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { appDb, createVerifiedUser, expect, linkIn, PASSWORD, test, uniqueEmail, waitForMail } from "./fixtures";

type Doc = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

const DOC_ID = "https://tuesday.test/openapi.json";

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

test("every JSON answer of the API matches /api/openapi.json, and every documented operation is exercised", async ({ request, playwright, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const docAnswer = await request.get("/api/openapi.json");
  expect(docAnswer.status()).toBe(200);
  const doc = (await docAnswer.json()) as Doc;
  expect(doc.openapi).toBe("3.1.0");

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The whole document as one schema: its $refs (#/components/…) resolve inside it; ajv compiles every referenced schema (an unresolvable $ref throws).
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const exercised = new Set<string>();

  async function check(method: string, template: string, response: APIResponse) {
    const status = String(response.status());
    const operation = doc.paths[template]?.[method];
    expect(operation, `${method.toUpperCase()} ${template} is documented`).toBeTruthy();
    const documented = operation!.responses[status];
    expect(documented, `${method.toUpperCase()} ${template} answered ${status}, which is not documented`).toBeTruthy();
    exercised.add(`${method} ${template}`);
    if (!documented!.content?.["application/json"]) return;
    expect(response.headers()["content-type"]).toContain("application/json");
    const validate = ajv.compile({ $ref: `${DOC_ID}#/${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}` });
    const body: unknown = await response.json();
    const ok = validate(body);
    expect(ok, `${method.toUpperCase()} ${template} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`).toBe(true);
  }

  // A fresh client with its own address (rate limits are per IP) for each signed-in user.
  const client = async (): Promise<APIRequestContext> =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.81.${randomBytes(1)[0]}.${randomBytes(1)[0]! || 1}`, Origin: new URL(baseURL!).origin } });

  await check("get", "/api/openapi.json", docAnswer);
  await check("get", "/api/health", await request.get("/api/health"));
  await check("get", "/api/ready", await request.get("/api/ready"));

  // Analytics beacons.
  const beacon = { name: "LCP", value: 1234, route: "/", device: "desktop", connection: "4g" };
  const ua = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36" };
  await check("post", "/api/vitals", await request.post("/api/vitals", { headers: { ...ua, "content-type": "text/plain" }, data: JSON.stringify(beacon) }));
  await check("post", "/api/vitals", await request.post("/api/vitals", { headers: ua, data: { ...beacon, route: "/nowhere" } }));
  await check("post", "/api/vitals", await request.post("/api/vitals", { headers: { ...ua, "content-type": "application/xml" }, data: "<x/>" }));

  // The form service, and the same in Formspree's protocol.
  const fields = { name: "Ada", email: "ada@example.com", message: `OpenAPI ${testInfo.project.name}` };
  const formClient = await client();
  await check("post", "/api/forms/{kind}", await formClient.post("/api/forms/feedback", { data: fields }));
  await check("post", "/api/forms/{kind}", await formClient.post("/api/forms/contact", { data: { name: "", email: "nope" } }));
  await check("post", "/api/forms/{kind}", await formClient.post("/api/forms/other", { data: fields }));
  // Idempotent: the same key again is answered again (stored once); a malformed key is a 400.
  const formKey = { "idempotency-key": `openapi-${randomBytes(6).toString("hex")}` };
  await check("post", "/api/forms/{kind}", await formClient.post("/api/forms/feedback", { data: { ...fields, message: `Keyed ${formKey["idempotency-key"]}` }, headers: formKey }));
  await check("post", "/api/forms/{kind}", await formClient.post("/api/forms/feedback", { data: { ...fields, message: `Keyed ${formKey["idempotency-key"]}` }, headers: formKey }));
  await check("post", "/api/forms/{kind}", await (await client()).post("/api/forms/feedback", { data: fields, headers: { "idempotency-key": "short" } }));
  const fClient = await client();
  await check("post", "/f/{form}", await fClient.post("/f/contact", { data: fields }));
  await check("post", "/f/{form}", await fClient.post("/f/contact", { data: { email: "x" } }));
  await check("post", "/f/{form}", await fClient.post("/f/no-such-form", { data: fields }));
  await check("post", "/f/{form}", await fClient.post("/f/contact", { data: fields, headers: { "idempotency-key": "bad key with spaces" } }));
  await check("post", "/f/{form}", await request.post("/f/contact", { data: fields, headers: { Origin: "https://elsewhere.example" } }));

  // Accounts: sign up, (unverified) sign in, verify, sign in, session, records, delete.
  const email = uniqueEmail(testInfo, "openapi");
  const anon = await client();
  await check("post", "/api/auth/sign-up/email", await anon.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "Open Api" } }));
  await check("post", "/api/auth/sign-up/email", await anon.post("/api/auth/sign-up/email", { data: { email: "not-an-address", password: PASSWORD, name: "X" } }));
  const keyed = await client();
  const signUpKey = { "idempotency-key": `openapi-signup-${randomBytes(6).toString("hex")}` };
  const keyedUp = { email: uniqueEmail(testInfo, "openapi-keyed"), password: PASSWORD, name: "Keyed" };
  await check("post", "/api/auth/sign-up/email", await keyed.post("/api/auth/sign-up/email", { data: keyedUp, headers: signUpKey }));
  const again = await keyed.post("/api/auth/sign-up/email", { data: keyedUp, headers: signUpKey });
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  await check("post", "/api/auth/sign-up/email", again);
  await check("post", "/api/auth/sign-up/email", await keyed.post("/api/auth/sign-up/email", { data: { ...keyedUp, password: `${PASSWORD}-other` }, headers: signUpKey }));
  await check("post", "/api/auth/sign-in/email", await anon.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } }));
  await check("post", "/api/auth/resend-verification", await anon.post("/api/auth/resend-verification", { data: { email } }));
  const verified = await anon.get(linkIn(await waitForMail(email, /Verify your email/), /verify-email/), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  await check("post", "/api/auth/sign-in/email", await anon.post("/api/auth/sign-in/email", { data: { email, password: "wrong-password-1" } }));
  await check("get", "/api/auth/get-session", await anon.get("/api/auth/get-session"));

  const me = await client();
  await check("post", "/api/auth/sign-in/email", await me.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } }));
  const session = await me.get("/api/auth/get-session");
  await check("get", "/api/auth/get-session", session);
  const id = ((await session.json()) as { user: { id: string } }).user.id;
  await check("get", "/api/user/{id}", await me.get(`/api/user/${id}`));
  await check("get", "/api/user/{id}", await me.get("/api/user/someone-else"));
  await check("get", "/api/user/{id}", await anon.get(`/api/user/${id}`));
  await check("post", "/api/saveUser", await me.post("/api/saveUser"));
  await check("post", "/api/saveUser/{uid}", await me.post(`/api/saveUser/${id}`, { data: { about: "Documented.", role: "admin" } }));
  await check("post", "/api/saveUser/{uid}", await me.post(`/api/saveUser/${id}`, { data: { dob: "31-12-2000" } }));
  // The documented format (YYYY-MM-DD) is the one taken; the profile page's date boxes are not part of the API.
  await check("post", "/api/saveUser/{uid}", await me.post(`/api/saveUser/${id}`, { data: { name: "Open Api", dob: "2000-12-31", "dob-day": "1", "dob-month": "1", "dob-year": "1990" } }));
  expect(((await (await me.get(`/api/user/${id}`)).json()) as { data: { dob: string } }).data.dob).toBe("2000-12-31");
  await check("post", "/api/auth/request-password-reset", await anon.post("/api/auth/request-password-reset", { data: { email, redirectTo: "/auth/reset-password" } }));
  await check("delete", "/api/user/{id}", await me.delete(`/api/user/${id}`, { data: { name: "Not The Name", password: PASSWORD } }));
  await check("delete", "/api/user/{id}", await me.delete(`/api/user/${id}`, { data: { name: "Open Api", password: PASSWORD } }));

  const other = await createVerifiedUser(await client(), uniqueEmail(testInfo, "openapi-out"));
  const out = await client();
  await check("post", "/api/auth/sign-in/email", await out.post("/api/auth/sign-in/email", { data: { email: other.email, password: other.password } }));
  // The console's JSON download of a person's data: an operator's, and the 404s everyone else gets.
  const otherId = (await appDb(testInfo).selectFrom("user").select("id").where("email", "=", other.email).executeTakeFirstOrThrow()).id;
  const exportPath = `/admin/accounts/${encodeURIComponent(otherId)}/export`;
  await check("get", "/admin/accounts/{id}/export", await out.get(exportPath));
  const operator = await createVerifiedUser(await client(), uniqueEmail(testInfo, "openapi-op"));
  const operatorId = (await appDb(testInfo).selectFrom("user").select("id").where("email", "=", operator.email).executeTakeFirstOrThrow()).id;
  await appDb(testInfo).updateTable("profile").set({ role: "operator" }).where("user_id", "=", operatorId).execute();
  const console_ = await client();
  await check("post", "/api/auth/sign-in/email", await console_.post("/api/auth/sign-in/email", { data: { email: operator.email, password: operator.password } }));
  const exported = await console_.get(exportPath);
  expect(exported.status()).toBe(200);
  await check("get", "/admin/accounts/{id}/export", exported);
  await check("get", "/admin/accounts/{id}/export", await console_.get("/admin/accounts/no-such-account/export"));
  await check("get", "/admin/accounts/{id}/export", await console_.get(exportPath, { headers: { "sec-fetch-site": "cross-site" } }));
  await check("post", "/api/auth/sign-out", await out.post("/api/auth/sign-out", { data: {} }));

  // The launch waitlist: a form post and the two mailed links (pages, not JSON: their statuses are checked).
  const waitlister = uniqueEmail(testInfo, "openapi-wait");
  const waitClient = await client();
  await check("post", "/waitlist", await waitClient.post("/waitlist", { form: { email: waitlister, interest: "plan:basic", source: "/pricing" } }));
  await check("post", "/waitlist", await waitClient.post("/waitlist", { form: { email: "nope", interest: "plan:gold" } }));
  await check("post", "/waitlist", await waitClient.post("/waitlist", { data: { email: waitlister } }));
  const waitMail = await waitForMail(waitlister, /waitlist/);
  const confirmLink = linkIn(waitMail, /\/waitlist\/confirm\?token=/);
  const leaveLink = linkIn(waitMail, /\/waitlist\/unsubscribe\?id=/);
  await check("get", "/waitlist/confirm", await waitClient.get(confirmLink));
  await check("get", "/waitlist/confirm", await waitClient.get("/waitlist/confirm?token=nope"));
  await check("post", "/waitlist/confirm", await waitClient.post(confirmLink, { form: {} }));
  await check("get", "/waitlist/unsubscribe", await waitClient.get(leaveLink));
  await check("get", "/waitlist/unsubscribe", await waitClient.get("/waitlist/unsubscribe?id=x&token=y"));
  await check("post", "/waitlist/unsubscribe", await waitClient.post(leaveLink, { form: { "List-Unsubscribe": "One-Click" } }));

  const documented = Object.entries(doc.paths).flatMap(([template, methods]) => Object.keys(methods).map((method) => `${method} ${template}`));
  expect(documented.filter((operation) => !exercised.has(operation)), "documented operations this test did not call").toEqual([]);
});
