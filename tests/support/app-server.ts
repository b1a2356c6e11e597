/**
 * Starts the production server (server/start.mjs, exactly what `npm start`
 * runs) as a child process with its own database, and waits until
 * /api/health answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";

export interface AppServer {
  url: string;
  /** The server process (for resident memory, or a kill -9). */
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startAppServer(name: string, port: number, env: Record<string, string>): Promise<AppServer> {
  const logDir = path.join(root, "tests/.artifacts");
  mkdirSync(logDir, { recursive: true });
  const logFile = createWriteStream(path.join(logDir, `server-${name}.log`));
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(logFile);
  child.stderr?.pipe(logFile);

  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise<"waiting">((r) => setTimeout(() => r("waiting"), 250))]);
    if (early !== "waiting") throw new Error(`the ${name} app server exited (${early}); see tests/.artifacts/server-${name}.log`);
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

  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
