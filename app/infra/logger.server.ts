/** Structured JSON logs on stdout, one object per line (pino). */
import pino, { type Logger } from "pino";
import { currentScope } from "./dependency-scope";
import { LogDestination } from "./log-destination.server";

let root: Logger | undefined;

/** Lines go to stdout through a bounded, batching writer (log-destination.server.ts). */
export const logDestination = new LogDestination(1);

export function logger(level?: string): Logger {
  root ??= pino(
    {
      level: level ?? process.env.LOG_LEVEL ?? "info",
      base: { service: "web" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Every line written while a request runs names it (X-Request-Id): an operator finds a visitor's failure by it.
      mixin: () => {
        const id = currentScope()?.requestId;
        return id ? { reqId: id } : {};
      },
      // Never log credentials even if a caller passes a whole request.
      redact: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "token", "*.token"],
    },
    logDestination,
  );
  return root;
}
