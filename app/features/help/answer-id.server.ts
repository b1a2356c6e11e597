/**
 * An answer's id (contract: `answerId`): what a thumbs-up or -down is counted
 * against, without keeping the question. It carries the UTC day it was given,
 * the topic and the first source page, signed so that nobody can credit a
 * page we never cited; it is good for a thumb that day and the next.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface AnswerStamp {
  topic: string;
  /** The first source's page ("/pricing"), or "" for an answer with none. */
  source: string;
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

function sign(payload: string, secret: string): string {
  return createHmac("sha256", `help-answer:${secret}`).update(payload).digest("base64url").slice(0, 22);
}

export function answerIdOf(stamp: AnswerStamp, secret: string, now = new Date(), nonce = Math.random().toString(36).slice(2, 8)): string {
  const payload = Buffer.from(JSON.stringify([stamp.topic, stamp.source, nonce, dayOf(now)])).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

/**
 * The stamp of an id we gave today or yesterday (an answer read across midnight; "tomorrow" too, for
 * an instance whose clock is a moment behind the one that gave it); else null.
 */
export function readAnswerId(id: string, secret: string, now = new Date()): AnswerStamp | null {
  const [payload, signature, extra] = id.split(".");
  if (!payload || !signature || extra !== undefined || payload.length > 400) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [topic, source, , day] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof topic !== "string" || typeof source !== "string" || typeof day !== "number") return null;
    const age = dayOf(now) - day;
    return age >= -1 && age <= 1 ? { topic, source } : null;
  } catch {
    return null;
  }
}
