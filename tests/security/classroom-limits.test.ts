/**
 * Limits that stop abuse, not people (issue 19): a class of 50 students behind
 * one address (a school's NAT, one mobile network's gateway: TRUST_PROXY=1 and
 * the same last hop) each signs up, sends a contact message and tries to sign
 * in within ten minutes, and nobody is refused. It used to stop at the 11th
 * sign-up ("please wait 35 minutes") and the 6th message. One client sending
 * 200 sign-in attempts from that same address is still refused.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, pool } from "../reliability/lib/harness.ts";
import { RULES } from "../../app/infra/rate-limit/rules";
import { asServer, freshV4, targets } from "./lib/suite.ts";

const STUDENTS = 50;

describe.each(targets())("a classroom behind one address on $kind", (target) => {
  const server = asServer(target);
  const school = freshV4();
  const students = Array.from({ length: STUDENTS }, (_, i) => ({
    name: `Student ${i + 1}`,
    email: `student-${i + 1}-${randomBytes(3).toString("hex")}@school.example`,
    password: `Class-${randomBytes(6).toString("hex")}`,
  }));

  it(`${STUDENTS} sign-ups, ${STUDENTS} contact messages and ${STUDENTS} sign-ins from one address: none refused`, async () => {
    const signUps = await pool(5, STUDENTS, async (i) => {
      const s = students[i]!;
      const res = await call(server, "POST", "/api/auth/sign-up/email", { name: s.name, email: s.email, password: s.password }, { ip: school });
      return `${res.status} ${res.status === 200 ? "" : await res.text()}`.trim();
    });
    expect(signUps).toEqual(Array(STUDENTS).fill("200"));

    const messages = await pool(5, STUDENTS, async (i) => {
      const s = students[i]!;
      const res = await call(server, "POST", "/api/forms/contact", { name: s.name, email: s.email, message: `Hello from student ${i + 1}.` }, { ip: school });
      await res.arrayBuffer();
      return res.status;
    });
    expect(messages).toEqual(Array(STUDENTS).fill(200));

    // Each tries to sign in before verifying: told to verify (403), never told to wait.
    const signIns = await pool(5, STUDENTS, async (i) => {
      const s = students[i]!;
      const res = await call(server, "POST", "/api/auth/sign-in/email", { email: s.email, password: s.password }, { ip: school });
      await res.arrayBuffer();
      return res.status;
    });
    expect(signIns.filter((status) => status === 429)).toEqual([]);
    expect(new Set(signIns)).toEqual(new Set([403]));
  }, 120_000);

  it("one client guessing from the same address: 200 sign-in attempts end in 429 within the per-IP ceiling", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await call(
        server,
        "POST",
        "/api/auth/sign-in/email",
        { email: `guess-${i}-${randomBytes(2).toString("hex")}@school.example`, password: "wrong-password" },
        { ip: school },
      );
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // The class's 50 sign-ins came first: the ceiling is reached sooner, and never later than its size.
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThanOrEqual(RULES.signIn.ip.max);
    expect(statuses.slice(first).every((status) => status === 429)).toBe(true);
    // And one address guessed from there is stopped after 10 failures, long before any ceiling.
    const victim = students[0]!.email;
    const other = freshV4();
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++)
      guesses.push((await call(server, "POST", "/api/auth/sign-in/email", { email: victim, password: `guess-${i}` }, { ip: other })).status);
    expect(guesses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(guesses[10]).toBe(429);
  }, 180_000);
});
