/**
 * Who is the client: the one place that decides it, for every rate limit,
 * the request context's `clientIp()` and the address our Better Auth plugin
 * limits by (docs/decisions/0022-client-addresses-and-attacker-findings.md).
 *
 *   1. The socket's peer is the client, unless TRUST_PROXY says it is one of
 *      our proxies; only then is X-Forwarded-For read, from the right (the
 *      part our proxies appended), through `proxy-addr`, the parser Express
 *      uses, never by hand:
 *        - a list (`TRUST_PROXY=loopback,10.0.0.0/8`): each proxy must be on
 *          it, the socket peer first; the first address that is not is the
 *          client;
 *        - a number (`TRUST_PROXY=1`, `true` = 1): that many hops, and only
 *          when the socket peer is loopback, link-local or private
 *          (`loopback`, `linklocal`, `uniquelocal`). A count cannot name the
 *          proxy; what it can know is that a proxy of ours is never a public
 *          address, so a public peer's header is ignored.
 *   2. The answer is normalised: an IPv4-mapped IPv6 address (::ffff:1.2.3.4)
 *      is the IPv4 address, IPv6 in its canonical form.
 *   3. Limits key on `limiterKey()`: an IPv6 client owns a whole /64 (2^64
 *      addresses), so its budget is the /64's; an IPv4 address is itself.
 */
import proxyAddr from "proxy-addr";
import ipaddr from "ipaddr.js";
import type { TrustProxy } from "~/config/env.server";

type TrustFn = (address: string, hop: number) => boolean;

/** Where our own proxies can be when TRUST_PROXY is a bare count. */
const PRIVATE_PEER = proxyAddr.compile(["loopback", "linklocal", "uniquelocal"]);

const compiled = new WeakMap<TrustProxy, TrustFn | null>();

/** The trust function of a TRUST_PROXY setting (compiled once per setting), or null: trust no one. */
export function trustFunction(setting: TrustProxy): TrustFn | null {
  const known = compiled.get(setting);
  if (known !== undefined) return known;
  let fn: TrustFn | null = null;
  if (setting.kind === "list") fn = proxyAddr.compile(setting.addresses);
  else if (setting.kind === "hops") {
    const { hops } = setting;
    fn = (address, hop) => hop < hops && (hop > 0 || PRIVATE_PEER(address, 0));
  }
  compiled.set(setting, fn);
  return fn;
}

/** `::ffff:203.0.113.9` → `203.0.113.9`; IPv6 in canonical (RFC 5952) form; anything unparseable as it came. */
export function normalizeAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  return parsed.toString();
}

/**
 * The client's address: the socket's peer, or, behind trusted proxies, the
 * first untrusted address in X-Forwarded-For counted from the right. A
 * malformed entry where the client should be falls back to the socket peer.
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | null, setting: TrustProxy): string {
  const trust = trustFunction(setting);
  if (!trust || !forwardedFor) return normalizeAddress(socketAddress);
  const chain = proxyAddr.all({ socket: { remoteAddress: socketAddress }, headers: { "x-forwarded-for": forwardedFor } } as never, trust);
  const picked = chain[chain.length - 1];
  return picked && ipaddr.isValid(picked) ? normalizeAddress(picked) : normalizeAddress(socketAddress);
}

/** What per-client limits key on: an IPv4 address, or an IPv6 address's /64 (`2001:db8:1:2::/64`). */
export function limiterKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toString()}/64`;
}
