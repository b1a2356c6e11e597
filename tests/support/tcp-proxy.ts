/**
 * A TCP proxy the fault suite controls, between the app and a shared service
 * (PostgreSQL, Redis) that must never itself be stopped:
 *
 *   pass     forwards both ways (the start)
 *   down()   the service is gone: every open connection is cut and new ones
 *            are refused (the listener closes), like a crashed or stopped server
 *   stall()  the service hangs: connections stay open and new ones are
 *            accepted, but not a byte moves either way until `resume()`
 *   up()     back to passing (after down or stall)
 *
 * `restart(ms)` is down, a pause, up: what a server restart looks like from
 * the client's side.
 */
import net from "node:net";

export interface TcpProxy {
  port: number;
  url(template: string): string;
  down(): Promise<void>;
  up(): Promise<void>;
  stall(): void;
  resume(): void;
  restart(pauseMs: number): Promise<void>;
  /** Connections currently open through the proxy. */
  readonly open: number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startTcpProxy(listenPort: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;
  let server: net.Server | null = null;

  function pipe(from: net.Socket, to: net.Socket) {
    from.on("data", (chunk) => {
      // Stalled: pause the reader; what was read waits with it.
      if (!to.write(chunk)) from.pause();
      if (stalled) from.pause();
    });
    to.on("drain", () => {
      if (!stalled) from.resume();
    });
  }

  function accept(client: net.Socket) {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    if (stalled) {
      client.pause();
      upstream.pause();
    }
    pipe(client, upstream);
    pipe(upstream, client);
  }

  async function listen() {
    if (server) return;
    const s = net.createServer(accept);
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(listenPort, "127.0.0.1", () => resolve());
    });
    server = s;
  }

  await listen();

  const proxy: TcpProxy = {
    port: listenPort,
    url: (template) => template.replace(/:\d+(?=\/|$)/, `:${listenPort}`),
    async down() {
      const s = server;
      server = null;
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy?.();
        pair.upstream.destroy();
      }
      pairs.clear();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async up() {
      stalled = false;
      await listen();
    },
    stall() {
      stalled = true;
      for (const pair of pairs) {
        pair.client.pause();
        pair.upstream.pause();
      }
    },
    resume() {
      stalled = false;
      for (const pair of pairs) {
        pair.client.resume();
        pair.upstream.resume();
      }
    },
    async restart(pauseMs) {
      await proxy.down();
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      await proxy.up();
    },
    get open() {
      return pairs.size;
    },
    async close() {
      await proxy.down();
    },
  };
  return proxy;
}
