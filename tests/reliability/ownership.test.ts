/**
 * (c) The ownership matrix: three verified users A, B, C and a signed-out
 * client, each against every per-user route with every other user's id.
 *
 * Two kinds of route (see ROUTES, the table to extend):
 *   - "path": the target's id is in the URL (/api/user/:id…). Every request
 *     by someone else, or signed out, must be refused: 401/403/404.
 *   - "session": the route acts on the signed-in user (/profile…). Signed out,
 *     it must refuse (401/403/404, or a redirect to /auth for pages); signed
 *     in as someone else, the target's id, email, name and password are
 *     smuggled into the query and body, and the answer must be about the
 *     caller only (no trace of the target in it).
 * After every request the target's rows (user, profile, credential) must be
 * unchanged and the target's session still valid; at the end every user can
 * still sign in. Each route is also exercised by its owner (a positive
 * control; destructive ones on a throwaway account), so that a route that
 * refuses everybody cannot pass.
 *
 * All three users share one display name: a delete that checks "name and
 * password" must then stand on the password and the session alone.
 */
import { afterAll, describe, expect, it } from "vitest";
import { mode, writeSummary } from "./lib/config.ts";
import {
  call,
  createVerifiedUser,
  DATABASES,
  type DbKind,
  type Server,
  serverOnFreshDb,
  sessionUser,
  signIn,
  type SignedIn,
  type TestDb,
} from "./lib/harness.ts";
import { table } from "./lib/report.ts";

const SHARED_NAME = "Pat Example";

interface Req {
  method: string;
  path: string;
  /** JSON (object) or form (URLSearchParams). */
  body?: Record<string, unknown> | URLSearchParams;
}

interface Ctx {
  /** A marker unique to this request, for writes. */
  marker: string;
}

export interface OwnershipRoute {
  name: string;
  scope: "path" | "session";
  page: boolean;
  /** The request `actor` (null: signed out) makes about `target`. */
  request(target: SignedIn, ctx: Ctx): Req;
  /** The owner's own request succeeded (positive control). */
  ownerOk(res: Response, text: string, owner: SignedIn, db: TestDb): Promise<boolean> | boolean;
  /** Deletes the caller's account when it succeeds: the owner control runs on a throwaway user. */
  destructive?: boolean;
}

const smuggle = (t: SignedIn) => `id=${t.id}&uid=${t.id}&userId=${t.id}&user_id=${t.id}&email=${encodeURIComponent(t.email)}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const jsonData = (text: string) => {
  try {
    return JSON.parse(text) as { success?: boolean; data?: { id?: string }; record?: { id?: string } };
  } catch {
    return null;
  }
};
const gone = async (db: TestDb, id: string) => !(await db.db().selectFrom("user").select("id").where("id", "=", id).executeTakeFirst());

/** The per-user routes. Add a row when a per-user route appears (sessions list, per-session sign-out…). */
export const ROUTES: OwnershipRoute[] = [
  {
    name: "GET /api/user/:id",
    scope: "path",
    page: false,
    request: (t) => ({ method: "GET", path: `/api/user/${t.id}` }),
    ownerOk: (res, text, owner) => res.status === 200 && jsonData(text)?.data?.id === owner.id,
  },
  {
    name: "POST /api/saveUser/:uid",
    scope: "path",
    page: false,
    request: (t, { marker }) => ({ method: "POST", path: `/api/saveUser/${t.id}`, body: { name: t.name, gender: "Female", dob: "1990-01-01", about: marker } }),
    ownerOk: (res, text, owner) => res.status === 200 && jsonData(text)?.data?.id === owner.id,
  },
  {
    name: "DELETE /api/user/:uid (the target's own name and password)",
    scope: "path",
    page: false,
    request: (t) => ({ method: "DELETE", path: `/api/user/${t.id}`, body: { name: t.name, password: t.password } }),
    ownerOk: async (res, _text, owner, db) => res.status === 200 && (await gone(db, owner.id)),
    destructive: true,
  },
  {
    name: "GET /profile",
    scope: "session",
    page: true,
    request: (t) => ({ method: "GET", path: `/profile?${smuggle(t)}` }),
    ownerOk: (res, text, owner) => res.status === 200 && text.includes(owner.email),
  },
  {
    name: "GET /profile.data",
    scope: "session",
    page: true,
    request: (t) => ({ method: "GET", path: `/profile.data?${smuggle(t)}` }),
    ownerOk: (res, text, owner) => res.status === 200 && text.includes(owner.email),
  },
  {
    name: "GET /profile/download",
    scope: "session",
    // A link in the page: signed out, it goes to the sign-in page (and back after).
    page: true,
    request: (t) => ({ method: "GET", path: `/profile/download?${smuggle(t)}` }),
    ownerOk: (res, text, owner) => res.status === 200 && jsonData(text)?.record?.id === owner.id,
  },
  {
    name: "POST /profile intent=save",
    scope: "session",
    page: true,
    request: (t, { marker }) => ({
      method: "POST",
      path: `/profile?${smuggle(t)}`,
      body: form({ intent: "save", name: t.name, gender: "Male", dob: "1991-02-03", about: marker, id: t.id, uid: t.id, user_id: t.id, email: t.email }),
    }),
    // A plain post that saved redirects to the profile (post, redirect, get); the save is the caller's own.
    ownerOk: async (res, _text, owner, db) =>
      res.status === 303 &&
      /\/profile$/.test(res.headers.get("location") ?? "") &&
      (await db.db().selectFrom("profile").select("gender").where("user_id", "=", owner.id).executeTakeFirst())?.gender === "Male",
  },
  {
    name: "POST /profile.data intent=save",
    scope: "session",
    page: true,
    request: (t, { marker }) => ({
      method: "POST",
      path: `/profile.data?${smuggle(t)}`,
      // As the hydrated page's fetcher posts it (its script's mark): answered with data.
      body: form({
        intent: "save",
        client: "script",
        name: t.name,
        gender: "Non-binary",
        dob: "1992-03-04",
        about: marker,
        id: t.id,
        uid: t.id,
        email: t.email,
      }),
    }),
    ownerOk: async (res, _text, owner, db) =>
      res.status === 200 && (await db.db().selectFrom("profile").select("gender").where("user_id", "=", owner.id).executeTakeFirst())?.gender === "Non-binary",
  },
  {
    name: "POST /profile intent=delete (the target's own name and password)",
    scope: "session",
    page: true,
    request: (t) => ({
      method: "POST",
      path: `/profile?${smuggle(t)}`,
      body: form({ intent: "delete", name: t.name, password: t.password, id: t.id, uid: t.id, email: t.email }),
    }),
    // A document POST renders the page after the action: with the account gone, its loader redirects to /auth.
    ownerOk: async (res, _text, owner, db) => (res.status === 200 || res.status === 302) && (await gone(db, owner.id)),
    destructive: true,
  },
  {
    name: "POST /api/saveUser",
    scope: "session",
    page: false,
    request: (t) => ({ method: "POST", path: `/api/saveUser?${smuggle(t)}`, body: { id: t.id, uid: t.id, userId: t.id, email: t.email, name: t.name } }),
    ownerOk: (res, text, owner) => res.status === 200 && jsonData(text)?.data?.id === owner.id,
  },
];

async function send(server: Server, req: Req, actor: SignedIn | null): Promise<{ res: Response; text: string }> {
  const res = await call(server, req.method, req.path, req.body, { cookie: actor?.cookie });
  return { res, text: await res.text() };
}

/** "refused" in the sense of the matrix, or null. */
function refusal(route: OwnershipRoute, res: Response, text: string): string | null {
  if ([401, 403, 404].includes(res.status)) return String(res.status);
  if (route.page) {
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location && new URL(location, "http://x").pathname === "/auth") return `${res.status} to /auth`;
    // Single fetch (.data): a redirect travels as a 202 turbo-stream.
    if (res.status === 202 && /"redirect","\/auth(?:[?"])/.test(text)) return "202 (.data redirect to /auth)";
  }
  return null;
}

/** Everything of the target's that no one else may change. */
async function snapshot(db: TestDb, id: string) {
  const user = await db.db().selectFrom("user").select(["id", "name", "email", "emailVerified", "updatedAt"]).where("id", "=", id).executeTakeFirst();
  const profile = await db.db().selectFrom("profile").select(["gender", "dob", "about", "updated_at"]).where("user_id", "=", id).executeTakeFirst();
  const credential = await db
    .db()
    .selectFrom("account")
    .select(["password", "updatedAt"])
    .where("userId", "=", id)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const sessions = await db.db().selectFrom("session").select(["id"]).where("userId", "=", id).execute();
  return JSON.stringify({ user, profile, credential, sessions: sessions.map((s) => s.id).sort() });
}

interface Cell {
  route: string;
  actor: string;
  target: string;
  status: number;
  verdict: string;
  ok: boolean;
}

const runs: Array<{
  db: DbKind;
  cells: Cell[];
  ownerControls: Array<{ route: string; ok: boolean; status: number }>;
  signInAfter: Record<string, number>;
  durationMs: number;
}> = [];

afterAll(() => {
  writeSummary("ownership", { part: "ownership matrix", mode, generatedAt: new Date().toISOString(), routes: ROUTES.map((r) => r.name), runs });
});

for (const { kind, available } of DATABASES) {
  describe.skipIf(!available)(`ownership matrix on ${kind}`, () => {
    const rig = serverOnFreshDb("ownership", kind);
    afterAll(rig.stop);

    it(`refuses every cross-user and signed-out request on ${ROUTES.length} per-user routes`, async () => {
      const started = performance.now();
      const { db, server } = await rig.start();
      const labels = ["A", "B", "C"];
      const users: SignedIn[] = [];
      for (const label of labels) {
        const user = await signIn(
          server,
          await createVerifiedUser(server, { name: SHARED_NAME, email: `owner-${label.toLowerCase()}-${Date.now()}@example.test` }),
        );
        // Something of the user's own to look for in answers that must not show it.
        const saved = await call(
          server,
          "POST",
          `/api/saveUser/${user.id}`,
          { name: SHARED_NAME, gender: "", dob: "", about: `secret-of-${label}-${user.id}` },
          { cookie: user.cookie },
        );
        expect(saved.status).toBe(200);
        users.push(user);
      }
      const labelOf = (u: SignedIn | null) => (u ? (labels[users.indexOf(u)] ?? "throwaway") : "signed out");
      const cells: Cell[] = [];
      const ownerControls: Array<{ route: string; ok: boolean; status: number }> = [];
      let n = 0;

      for (const route of ROUTES) {
        for (const target of users) {
          const actors: Array<SignedIn | null> = [null, ...users.filter((u) => u !== target)];
          let before = await snapshot(db, target.id);
          for (const actor of actors) {
            const req = route.request(target, { marker: `cross-${++n}` });
            const { res, text } = await send(server, req, actor);
            const problems: string[] = [];
            const refused = refusal(route, res, text);
            let verdict: string;
            if (actor === null || route.scope === "path") {
              verdict = refused ? `refused (${refused})` : `NOT REFUSED (${res.status})`;
              if (!refused) problems.push(`answered ${res.status}, expected 401/403/404${route.page ? " or a redirect to /auth" : ""}`);
            } else {
              // Signed in as someone else on a route about "me": must answer about the caller only.
              verdict = refused ? `refused (${refused})` : `served the caller (${res.status})`;
              if (res.status >= 500) problems.push(`answered ${res.status}`);
              // …and "served the caller" must be true: the owner check, with the caller as the owner.
              else if (!refused && !route.destructive && !(await route.ownerOk(res, text, actor, db))) problems.push("the answer is not the caller's own");
            }
            const leaked = [target.email, `secret-of-${labelOf(target)}-${target.id}`].filter((s) => text.includes(s));
            if (leaked.length) problems.push(`the answer shows the target's ${leaked.join(", ")}`);
            const after = await snapshot(db, target.id);
            if (after !== before) problems.push("the target's data changed");
            before = after;
            if (actor && route.destructive && (await gone(db, actor.id))) problems.push("the caller's own account was deleted with someone else's password");
            cells.push({
              route: route.name,
              actor: labelOf(actor),
              target: labelOf(target),
              status: res.status,
              verdict: problems.length ? `${verdict}; ${problems.join("; ")}` : verdict,
              ok: problems.length === 0,
            });
          }
          // The target's own session survived the row (its rows, sessions included, were checked after every request).
          if ((await sessionUser(server, target.cookie)) !== target.id) {
            cells.push({ route: route.name, actor: "(all)", target: labelOf(target), status: 0, verdict: "the target's session no longer works", ok: false });
          }
        }

        // Positive control: the owner can use the route (a throwaway owner for destructive ones).
        const owner = route.destructive ? await signIn(server, await createVerifiedUser(server, { name: SHARED_NAME })) : users[0]!;
        const { res, text } = await send(server, route.request(owner, { marker: `own-${++n}` }), owner);
        ownerControls.push({ route: route.name, ok: await route.ownerOk(res, text, owner, db), status: res.status });
      }

      // Everyone can still sign in with their own password.
      const signInAfter: Record<string, number> = {};
      for (const [i, user] of users.entries()) {
        const res = await call(server, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password, rememberMe: true });
        signInAfter[labels[i]!] = res.status;
      }
      runs.push({ db: kind, cells, ownerControls, signInAfter, durationMs: Math.round(performance.now() - started) });

      console.log(
        `[ownership ${kind}] ${cells.length} cross-user/signed-out requests, ${cells.filter((c) => !c.ok).length} failures\n` +
          table(cells.map((c) => ({ route: c.route, actor: c.actor, target: c.target, verdict: c.verdict }))) +
          `\n\nowner controls:\n${table(ownerControls.map((c) => ({ route: c.route, status: c.status, ok: c.ok ? "yes" : "NO" })))}` +
          `\n\nsign-in afterwards: ${JSON.stringify(signInAfter)}`,
      );

      const failures = cells.filter((c) => !c.ok).map((c) => `${c.route}: ${c.actor} → ${c.target}: ${c.verdict}`);
      expect(failures, `${kind}: cross-user or signed-out requests that were not refused`).toEqual([]);
      expect(
        ownerControls.filter((c) => !c.ok).map((c) => `${c.route} (${c.status})`),
        "owner controls that failed (the route does not work for its owner)",
      ).toEqual([]);
      expect(signInAfter).toEqual({ A: 200, B: 200, C: 200 });
    });
  });
}
