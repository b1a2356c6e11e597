/**
 * Every request's id (X-Request-Id), so an operator can find a visitor's
 * failure: taken from the proxy in front when it is one of ours (TRUST_PROXY,
 * the same trust as X-Forwarded-For: client-address.server.ts; nginx sends its
 * `$request_id`), made here otherwise. The edge returns it on every answer,
 * every log line written while the request runs carries it (`reqId`,
 * infra/logger.server.ts), and the error pages show it.
 */
import { randomUUID } from "node:crypto";
import type { TrustProxy } from "~/config/env.server";
import { trustFunction } from "./client-address.server";

/** What a proxy's id may look like: nginx's 32 hex digits, a UUID, a trace id; nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._:=+/-]{8,128}$/;

export function requestIdOf(socketAddress: string, sent: string | string[] | undefined, setting: TrustProxy): string {
  const trust = trustFunction(setting);
  const value = typeof sent === "string" ? sent.trim() : undefined;
  if (trust && value && SANE_ID.test(value) && trust(socketAddress, 0)) return value;
  return randomUUID();
}
