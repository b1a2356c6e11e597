/**
 * Whether a request comes from the person at this machine: what the local
 * mailbox (/dev/mailbox) asks on top of its configuration check
 * (env.mailboxEnabled), because configuration alone cannot see a same-host
 * reverse proxy, tunnel or port forward that publishes a loopback server
 * (docs/decisions/0010-hardened-edge.md, 0022).
 *
 *   - the socket's peer is a loopback address (not what X-Forwarded-For says:
 *     that is exactly what a proxy would write);
 *   - the Host header names a loopback host (a proxy or tunnel forwards the
 *     public name, or at least a name the visitor typed);
 *   - no proxy header at all: X-Forwarded-For, Forwarded, Via, X-Real-IP,
 *     X-Forwarded-Host (a browser never sends them; every proxy adds one).
 */
import ipaddr from "ipaddr.js";
import { isLoopbackHost } from "~/config/env.server";

const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "via", "x-real-ip", "x-forwarded-host"] as const;

function isLoopbackPeer(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}

function hostnameOf(host: string | null): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

export function isLocalVisitor(request: Request, socketAddress: string): boolean {
  if (!isLoopbackPeer(socketAddress)) return false;
  const hostname = hostnameOf(request.headers.get("host"));
  if (!hostname || !isLoopbackHost(hostname)) return false;
  return PROXY_HEADERS.every((name) => !request.headers.has(name));
}
