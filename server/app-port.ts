/**
 * What the HTTP edge (server/) needs of the app, declared once: the app's
 * entry module (app/entry.server.tsx) exports these beside React Router's own
 * exports, and checks itself against this shape at compile time (`satisfies`).
 * The edge reads them through `appPortOf`, which checks at start that the
 * build holds them, instead of trusting a cast.
 */
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { RequestInfo } from "../app/infra/request-context";

export interface AppPort {
  /** Opens and migrates the database, starts the workers; before the server listens. */
  startup(): Promise<void>;
  /** Closes what startup opened, after the requests under way finished. */
  shutdown(): Promise<void>;
  /** The router context of one request: its socket address and request id. */
  createLoadContext(info: RequestInfo): RouterContextProvider;
  /** The answer of /api/health or /api/ready (app/probes.server.ts); undefined for any other path. */
  probe(pathname: string): Promise<{ status: number; body: Record<string, unknown> }> | undefined;
  /** A CORS preflight's answer where the app has one (`/f/:form`); undefined: the plain 204. */
  preflight(pathname: string, origin: string | undefined): Promise<{ status: number; headers: Record<string, string> }> | undefined;
}

const MEMBERS = ["startup", "shutdown", "createLoadContext", "probe", "preflight"] as const satisfies readonly (keyof AppPort)[];

function isAppPort(module: object): module is AppPort {
  return MEMBERS.every((name) => typeof (module as Record<string, unknown>)[name] === "function");
}

/** The app's port in a build; throws at start, naming what is missing, if the entry module lacks part of it. */
export function appPortOf(build: ServerBuild): AppPort {
  const module: object = build.entry.module;
  if (isAppPort(module)) return module;
  const missing = MEMBERS.filter((name) => typeof (module as Record<string, unknown>)[name] !== "function");
  throw new Error(`the build's entry module does not export ${missing.join(", ")} (server/app-port.ts)`);
}
