/**
 * Starts the production server (server/start.mjs, exactly what `npm start`
 * runs) as a child process with its own database, and waits until
 * /api/health answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import path from "node:path";
import { NODE_ENV_VARS, NODE_FLAGS } from "../../server/node-flags.mjs";
import { TEST_DEFAULTS } from "./test-defaults.ts";

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppServer {
  url: string;
  /** The server process's id (a new one after `restart()`). */
  readonly pid: number;
  /** Settles when the current server process exits. */
  readonly exited: Promise<ServerExit>;
  /** Sends `signal` (default SIGKILL) to the server process and waits until it has exited. */
  kill(signal?: NodeJS.Signals): Promise<ServerExit>;
  /** Stops the server if it still runs, then starts it again: same port, environment and log file. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

interface Running {
  child: ChildProcess;
  exited: Promise<ServerExit>;
  /** Settles once the process has exited and its stdout/stderr are drained into the log. */
  closed: Promise<void>;
}

async function launch(name: string, port: number, url: string, env: Record<string, string>, logFile: WriteStream): Promise<Running> {
  // `node server/start.mjs`, exactly as `npm start` (not through npm, whose process would be in the way of signals).
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, "server/start.mjs"], {
    cwd: root,
    env: { ...process.env, ...NODE_ENV_VARS, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, LOG_LEVEL: "warn", ...TEST_DEFAULTS, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Not ended with the child: a restarted server writes on into the same file.
  child.stdout?.pipe(logFile, { end: false });
  child.stderr?.pipe(logFile, { end: false });

  const exited = new Promise<ServerExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise<"waiting">((r) => setTimeout(() => r("waiting"), 250))]);
    if (early !== "waiting") {
      throw new Error(`the ${name} app server exited (${early.code ?? early.signal}); see tests/.artifacts/server-${name}.log`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the ${name} app server did not become healthy; see tests/.artifacts/server-${name}.log`);
    }
  }
  return { child, exited, closed };
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export async function startAppServer(name: string, port: number, env: Record<string, string>): Promise<AppServer> {
  const logDir = path.join(root, "tests/.artifacts");
  mkdirSync(logDir, { recursive: true });
  const logPath = path.join(logDir, `server-${name}.log`);
  let logFile = createWriteStream(logPath);
  const url = `http://localhost:${port}`;
  let current = await launch(name, port, url, env, logFile);

  async function halt(): Promise<void> {
    const { child, exited } = current;
    if (!isRunning(child)) return;
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
    if (isRunning(child)) {
      child.kill("SIGKILL");
      await exited;
    }
  }

  return {
    url,
    get pid() {
      return current.child.pid!;
    },
    get exited() {
      return current.exited;
    },
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      if (isRunning(current.child)) current.child.kill(signal);
      return current.exited;
    },
    async restart() {
      await halt();
      const previous = await current.exited;
      if (logFile.writableEnded) logFile = createWriteStream(logPath, { flags: "a" });
      logFile.write(`--- restart: process ${current.child.pid} ended (${previous.signal ?? `exit ${previous.code}`}) ---\n`);
      current = await launch(name, port, url, env, logFile);
    },
    async stop() {
      await halt();
      await Promise.race([current.closed, new Promise((r) => setTimeout(r, 2000))]);
      if (!logFile.writableEnded) await new Promise<void>((r) => logFile.end(r));
    },
  };
}
