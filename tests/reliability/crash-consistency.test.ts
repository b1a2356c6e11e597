/**
 * (b) Crash consistency: under a write load (feedback/contact messages, and
 * profile saves that each write a unique marker into `about`), the server is
 * killed with SIGKILL at random moments and restarted on the same database.
 * After each restart, every write that was acknowledged (its 200 arrived
 * before the kill) must be in the database, read directly; a profile must
 * hold its last acknowledged marker or one sent after it; on SQLite,
 * `PRAGMA integrity_check` must say ok.
 *
 * Reproduce the kill moments: RELIABILITY_SEED=<seed> npm run test:reliability -- crash
 */
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { budget, mode, seed, writeSummary } from "./lib/config.ts";
import { call, createVerifiedUser, DATABASES, type DbKind, serverOnFreshDb, signIn, type SignedIn, sleep } from "./lib/harness.ts";
import { Rng } from "./lib/prng.ts";
import { table } from "./lib/report.ts";

const FORM_WRITERS = 4;
const PROFILE_USERS = 3;

interface Save {
  marker: string;
  acked: boolean;
}

interface CycleFigures {
  cycle: number;
  /** After the first acknowledged write of the cycle. */
  killAfterMs: number;
  formsAcked: number;
  formsInFlightAtKill: number;
  formsFailed: number;
  savesAcked: number;
  savesInFlightAtKill: number;
  restartMs: number;
  ackedFormsChecked: number;
  lostForms: string[];
  profileViolations: string[];
  integrity: string;
}

interface RunFigures {
  db: DbKind;
  seed: number;
  kills: number;
  cycles: CycleFigures[];
  ackedFormsTotal: number;
  ackedSavesTotal: number;
  lostTotal: number;
  durationMs: number;
}

const runs: RunFigures[] = [];

afterAll(() => {
  writeSummary("crash", { part: "crash consistency", mode, seed, generatedAt: new Date().toISOString(), runs });
});

for (const { kind, available } of DATABASES) {
  describe.skipIf(!available)(`crash consistency on ${kind}`, () => {
    const rig = serverOnFreshDb("crash", kind);
    afterAll(rig.stop);

    it(`loses no acknowledged write over ${budget.kills} kill -9 (seed ${seed})`, async () => {
      const started = performance.now();
      const { db, server } = await rig.start();
      const users: SignedIn[] = [];
      for (let u = 0; u < PROFILE_USERS; u++) users.push(await signIn(server, await createVerifiedUser(server, { name: `Crash User ${u}` })));

      const ackedForms = new Set<string>();
      const saves = new Map<string, Save[]>(users.map((u) => [u.id, []]));
      const cycles: CycleFigures[] = [];

      for (let cycle = 1; cycle <= budget.kills; cycle++) {
        const rng = new Rng(seed, 0xc4a5, cycle);
        let killed = false;
        const inFlightForms = new Set<string>();
        const inFlightSaves = new Set<string>();
        let formsAcked = 0;
        let formsFailed = 0;
        let savesAcked = 0;
        // The kill comes at a random moment once the (re)started server is acknowledging writes:
        // a kill before the first acknowledgement would test nothing.
        let firstAck!: () => void;
        const acking = new Promise<void>((r) => (firstAck = r));

        const formWriter = async (w: number) => {
          for (let n = 0; !killed; n++) {
            const marker = `crash-${seed}-${kind}-c${cycle}-w${w}-n${n}`;
            const formKind = n % 2 === 0 ? "feedback" : "contact";
            inFlightForms.add(marker);
            try {
              const res = await call(server, "POST", `/api/forms/${formKind}`, { name: `Writer ${w}`, email: `writer${w}@example.test`, message: marker });
              // The status line comes after the handler stored the message: a 200 is an acknowledgement.
              if (res.status === 200) {
                ackedForms.add(marker);
                formsAcked++;
                firstAck();
              } else if (!killed) formsFailed++;
              await res.arrayBuffer().catch(() => {});
            } catch {
              if (!killed) formsFailed++;
            } finally {
              if (!killed) inFlightForms.delete(marker);
            }
          }
        };

        const profileSaver = async (user: SignedIn, u: number) => {
          const list = saves.get(user.id)!;
          for (let n = 0; !killed; n++) {
            const save: Save = { marker: `about-${seed}-${kind}-u${u}-c${cycle}-n${n}`, acked: false };
            list.push(save);
            inFlightSaves.add(save.marker);
            try {
              const res = await call(
                server,
                "POST",
                `/api/saveUser/${user.id}`,
                { name: user.name, gender: "", dob: "", about: save.marker },
                { cookie: user.cookie },
              );
              if (res.status === 200) {
                save.acked = true;
                savesAcked++;
                firstAck();
              } else if (!killed) throw new Error(`a profile save answered ${res.status}: ${await res.text()}`);
              await res.arrayBuffer().catch(() => {});
            } catch (error) {
              if (!killed) throw error;
            } finally {
              if (!killed) inFlightSaves.delete(save.marker);
            }
          }
        };

        const load = Promise.all([...Array.from({ length: FORM_WRITERS }, (_, w) => formWriter(w)), ...users.map((u, i) => profileSaver(u, i))]);
        const [lo, hi] = budget.loadStraddleMs;
        const killAfterMs = rng.int(lo, hi);
        const noAck = setTimeout(() => firstAck(), 30_000);
        await acking;
        clearTimeout(noAck);
        await sleep(killAfterMs);
        killed = true;
        const formsInFlightAtKill = inFlightForms.size;
        const savesInFlightAtKill = inFlightSaves.size;
        const exit = await server.kill("SIGKILL");
        await load;
        expect(exit.signal, "the server died of the SIGKILL").toBe("SIGKILL");

        const restartStarted = performance.now();
        await server.restart();
        const restartMs = Math.round(performance.now() - restartStarted);

        // Every acknowledged message, from every cycle so far, is there.
        const stored = new Set(
          (await db.db().selectFrom("form_message").select("message").where("message", "like", `crash-${seed}-${kind}-%`).execute()).map((r) => r.message),
        );
        const lostForms = [...ackedForms].filter((m) => !stored.has(m));

        // Each profile holds its last acknowledged marker, or one sent after it.
        const profileViolations: string[] = [];
        for (const user of users) {
          const list = saves.get(user.id)!;
          const row = await db.db().selectFrom("profile").select("about").where("user_id", "=", user.id).executeTakeFirst();
          const lastAcked = list.map((s) => s.acked).lastIndexOf(true);
          const allowed = new Set(list.slice(Math.max(0, lastAcked)).map((s) => s.marker));
          if (lastAcked < 0) allowed.add("");
          if (!row || !allowed.has(row.about)) {
            const storedIndex = list.findIndex((s) => s.marker === row?.about);
            profileViolations.push(
              `${user.email}: stored ${JSON.stringify(row?.about)} (save #${storedIndex}), last acknowledged ${lastAcked >= 0 ? `${JSON.stringify(list[lastAcked]!.marker)} (save #${lastAcked})` : "none"}`,
            );
          }
        }

        let integrity = "n/a";
        if (kind === "sqlite") {
          const rows = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db.db());
          integrity = rows.rows.map((r) => r.integrity_check).join("; ");
        }

        const figures: CycleFigures = {
          cycle,
          killAfterMs,
          formsAcked,
          formsInFlightAtKill,
          formsFailed,
          savesAcked,
          savesInFlightAtKill,
          restartMs,
          ackedFormsChecked: ackedForms.size,
          lostForms,
          profileViolations,
          integrity,
        };
        cycles.push(figures);
        console.log(
          `[crash ${kind}] kill ${cycle}/${budget.kills}, ${killAfterMs} ms after the first acknowledgement: ${formsAcked} messages and ${savesAcked} profile saves acknowledged, ` +
            `${formsInFlightAtKill + savesInFlightAtKill} writes in flight; restarted in ${restartMs} ms; ` +
            `${ackedForms.size} acknowledged messages checked, ${lostForms.length} lost, ${profileViolations.length} profile violations, integrity ${integrity}`,
        );
        // A cycle that acknowledged nothing, or killed an idle server, proves nothing.
        expect(formsAcked + savesAcked, `cycle ${cycle}: the load acknowledged writes before the kill`).toBeGreaterThan(0);
        expect(formsFailed, `cycle ${cycle}: no message was refused while the server was up`).toBe(0);
      }

      const run: RunFigures = {
        db: kind,
        seed,
        kills: cycles.length,
        cycles,
        ackedFormsTotal: ackedForms.size,
        ackedSavesTotal: [...saves.values()].flat().filter((s) => s.acked).length,
        lostTotal: new Set(cycles.flatMap((c) => c.lostForms)).size + cycles.reduce((n, c) => n + c.profileViolations.length, 0),
        durationMs: Math.round(performance.now() - started),
      };
      runs.push(run);
      console.log(
        `[crash ${kind}] seed ${seed}\n` +
          table(
            cycles.map((c) => ({
              kill: c.cycle,
              "after ms": c.killAfterMs,
              "msgs acked": c.formsAcked,
              "saves acked": c.savesAcked,
              "in flight": c.formsInFlightAtKill + c.savesInFlightAtKill,
              "restart ms": c.restartMs,
              "acked msgs checked": c.ackedFormsChecked,
              lost: c.lostForms.length,
              "profile violations": c.profileViolations.length,
              integrity: c.integrity,
            })),
          ),
      );

      const problems = cycles.flatMap((c) => [
        ...c.lostForms.map((m) => `after kill ${c.cycle}: acknowledged message ${m} is missing`),
        ...c.profileViolations.map((v) => `after kill ${c.cycle}: ${v}`),
        ...(kind === "sqlite" && c.integrity !== "ok" ? [`after kill ${c.cycle}: integrity_check says ${c.integrity}`] : []),
      ]);
      expect(problems, `seed ${seed} (${kind})`).toEqual([]);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    });
  });
}
