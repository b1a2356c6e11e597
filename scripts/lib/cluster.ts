/**
 * Several instances of the production server behind Debian's nginx, on one
 * PostgreSQL and one Redis: what `npm run cluster` starts, and what the
 * scale-out test (tests/integration/cluster.test.ts) drives.
 *
 * Each instance is `node server/start.mjs` (exactly `npm start`) on its own
 * loopback port, with the same AUTH_SECRET, DATABASE_URL, REDIS_URL and
 * APP_URL (nginx's address) and TRUST_PROXY=1. nginx's configuration comes
 * from deploy/nginx.ts, like the one compose.yaml uses.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { nginxConfig } from "../../deploy/nginx.ts";
import { ensureBuild } from "../../server/build.mjs";
import { NODE_ENV_VARS, NODE_FLAGS } from "../../server/node-flags.mjs";

const root = path.resolve(import.meta.dirname, "../..");

export interface ClusterOptions {
  instances: number;
  /** nginx's port; the instances take the next ones. */
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Where config, pid and logs go. */
  dir: string;
  /** More environment for every instance (SMTP_URL, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** nginx's proxy_read_timeout in seconds (default 30). */
  readTimeoutS?: number;
  log?: (message: string) => void;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly logFile: string;
  pid(): number | undefined;
  /** Starts it (again) and waits until it is ready. */
  start(): Promise<void>;
  /** SIGTERM, and wait for it to exit. */
  stop(): Promise<number | null>;
  /** kill -9: no goodbye. */
  kill(): void;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  /** nginx's error log: why it answered a 502 or 504 itself. */
  nginxErrorLog: string;
  nginxPid(): number | undefined;
  stop(): Promise<void>;
}

export function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/bin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not become ready in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ready = (url: string) => fetch(`${url}/api/ready`).then((r) => r.ok);

function makeInstance(index: number, options: ClusterOptions, shared: Record<string, string>): Instance {
  const port = options.port + 1 + index;
  const name = `app${index + 1}`;
  const logFile = path.join(options.dir, `${name}.log`);
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);

  return {
    name,
    port,
    logFile,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async start() {
      const out = createWriteStream(logFile, { flags: "a" });
      child = spawn(process.execPath, [...NODE_FLAGS, "server/start.mjs"], {
        cwd: root,
        env: { ...process.env, ...NODE_ENV_VARS, ...shared, ...options.env, PORT: String(port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      const started = child;
      exited = new Promise((resolve) => started.once("exit", (code) => resolve(code)));
      await waitFor(async () => {
        if (started.exitCode !== null) throw new Error(`${name} exited (${started.exitCode}); see ${logFile}`);
        return ready(`http://127.0.0.1:${port}`);
      }, name);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
      child.kill("SIGTERM");
      return exited;
    },
    kill() {
      child?.kill("SIGKILL");
    },
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const nginx = findNginx();
  if (!nginx) throw new Error("nginx is not installed (Debian/Ubuntu: sudo apt-get install -y nginx)");
  if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) throw new Error("DATABASE_URL must be a postgres:// URL: instances on SQLite cannot share it");
  mkdirSync(options.dir, { recursive: true });

  ensureBuild(root, log);
  const url = `http://localhost:${options.port}`;
  const shared = {
    NODE_ENV: "production",
    APP_URL: url,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    TRUST_PROXY: "1",
  };

  const instances = Array.from({ length: options.instances }, (_, i) => makeInstance(i, options, shared));
  // One at a time: the first runs the migrations (the others would wait on its lock anyway).
  for (const instance of instances) {
    log(`starting ${instance.name} on port ${instance.port}…`);
    await instance.start();
  }

  const prefix = path.join(options.dir, "nginx");
  mkdirSync(prefix, { recursive: true });
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    nginxConfig({
      listen: `127.0.0.1:${options.port}`,
      upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
      prefix,
      errorLog: path.join(prefix, "error.log"),
      accessLog: path.join(prefix, "access.log"),
      userRoot: process.getuid?.() === 0,
      readTimeoutS: options.readTimeoutS,
    }),
  );
  const nginxProcess = spawn(nginx, ["-p", prefix, "-c", conf, "-e", path.join(prefix, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const nginxExited = new Promise<void>((resolve) => nginxProcess.once("exit", () => resolve()));
  await waitFor(async () => {
    if (nginxProcess.exitCode !== null) throw new Error(`nginx exited (${nginxProcess.exitCode}); see ${path.join(prefix, "error.log")}`);
    return ready(url);
  }, "nginx");
  log(`${instances.length} instances behind nginx at ${url}`);

  return {
    url,
    instances,
    nginxErrorLog: path.join(prefix, "error.log"),
    nginxPid: () => (nginxProcess.exitCode === null ? nginxProcess.pid : undefined),
    async stop() {
      nginxProcess.kill("SIGQUIT");
      await Promise.race([nginxExited, new Promise((r) => setTimeout(r, 5000))]);
      if (nginxProcess.exitCode === null) nginxProcess.kill("SIGKILL");
      await Promise.all(instances.map((i) => i.stop()));
    },
  };
}
