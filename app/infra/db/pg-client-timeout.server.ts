/**
 * PostgreSQL's `statement_timeout` is enforced by the server, so it cannot
 * help when the server is unreachable mid-query (a network stall, a frozen
 * host): the query would wait for TCP to give up, minutes later. This pool
 * wrapper gives every query a client-side limit a little longer than the
 * server's; when it passes, the connection is destroyed (its state is
 * unknown) and the query fails as a timeout. pg's own `query_timeout` leaves
 * the connection in the pool with the old query still running on it.
 *
 * It also listens for a checked-out connection's errors (see boundedClient).
 *
 * A session that turns its statement timeout off (`set statement_timeout = 0`,
 * the migrations' advisory lock) turns this limit off too, until `reset`.
 */
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type { Pool, PoolClient } from "pg";
import { DependencyUnavailableError } from "./unavailable";

/** What the client-side limit adds to the server's statement timeout. */
export const CLIENT_MARGIN_MS = 1_000;

const UNBOUNDED = /^\s*set\s+(?:session\s+)?statement_timeout\s*(?:=|to)\s*'?0'?\s*;?\s*$/i;
const BOUNDED_AGAIN = /^\s*(?:reset\s+statement_timeout|set\s+(?:session\s+)?statement_timeout\s*(?:=|to)\s*'?[1-9])/i;

function boundedClient(client: PoolClient, limitMs: number): PostgresPoolClient {
  let unbounded = false;
  let destroyed = false;
  // A checked-out client whose connection drops between two queries (inside a
  // transaction, say) emits "error"; pg-pool listens only to idle clients, and
  // an unheard "error" would end the process. Heard here, the client is
  // discarded at release and the next query on it fails as a lost connection.
  const onError = () => {
    destroyed = true;
  };
  client.on("error", onError);
  const bounded = async (text: string, parameters: ReadonlyArray<unknown>) => {
    const running = client.query(text, parameters as unknown[]);
    if (UNBOUNDED.test(text)) unbounded = true;
    else if (BOUNDED_AGAIN.test(text)) unbounded = false;
    if (unbounded) return running;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        destroyed = true;
        // The server did not answer: this connection's state is unknown, so it goes.
        (client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream?.destroy();
        reject(new DependencyUnavailableError("database", "timeout", { detail: `no answer within ${limitMs} ms` }));
      }, limitMs);
    });
    running.catch(() => {}); // a late failure of a query we gave up on is nobody's
    try {
      return await Promise.race([running, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  // A cursor (Kysely's streaming) is handed over as it is, synchronously.
  const query = (text: unknown, parameters?: ReadonlyArray<unknown>) =>
    typeof text === "string" ? bounded(text, parameters ?? []) : (client.query(text as never) as unknown);
  return {
    query: query as unknown as PostgresPoolClient["query"],
    // A destroyed connection is removed from the pool rather than handed out again.
    release: () => {
      client.off("error", onError);
      client.release(destroyed ? true : undefined);
    },
  };
}

/** `pool` for Kysely's PostgresDialect, each query limited to `limitMs` on the client side. */
export function withClientTimeout(pool: Pool, limitMs: number): PostgresPool {
  return {
    connect: async () => boundedClient(await pool.connect(), limitMs),
    end: () => pool.end(),
  };
}
