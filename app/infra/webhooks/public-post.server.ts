/**
 * A POST that connects only to the address it checked (issue 38, finding 7).
 *
 * The queue used to resolve a webhook's host name, check the addresses, and
 * then let `fetch` resolve the name again: a name that answers a public
 * address to the first lookup and 127.0.0.1 to the second (DNS rebinding)
 * landed the POST on the server's own network, and the console showed the
 * receiver's status. Here the one lookup is the connection's own (`lookup`
 * of node:http), and it refuses a non-public answer before any socket opens;
 * an address written in the URL is checked as it is.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Whether an address is one the public internet routes to (not loopback, private, link-local, …). */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === "unicast";
  } catch {
    return false;
  }
}

export class NonPublicAddressError extends Error {
  constructor(host: string) {
    super(`${host} is not a public address: not sent`);
  }
}

type Resolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true }, (error, addresses) => callback(error, addresses ?? []));

/** node:http's `lookup`, answering only with public addresses (every answer must be public). */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return callback(new NonPublicAddressError(hostname), "", 0);
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (wanted.length === 0) return callback(new NonPublicAddressError(hostname), "", 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Loopback and private receivers allowed (the operator's own machine). */
  allowPrivate: boolean;
  /** The name lookup (tests give their own); the system's by default. */
  resolve?: Resolve;
}

/** POSTs `body` to `url` without following redirects; the receiver's status. */
export function postToPublicAddress(url: string, options: PostOptions): Promise<number> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") return Promise.reject(new Error(`${target.protocol} is not http(s): not sent`));
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // An address in the URL is never looked up: it is checked as written.
  if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) return Promise.reject(new NonPublicAddressError(host));
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
        lookup: options.allowPrivate ? undefined : publicOnlyLookup(options.resolve),
        timeout: options.timeoutMs,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", reject);
    req.end(options.body);
  });
}
