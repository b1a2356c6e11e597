/**
 * Every write to the database, reported by whose data it changed.
 *
 * Answers remembered for a signed-in visitor (app/replay-cache.server.ts) and
 * the session cache must never outlive the data they show. Rather than ask
 * every write path to remember to say so (a rule the next write path forgets),
 * the database itself reports writes: this wraps the Kysely dialect, looks at
 * each INSERT, UPDATE and DELETE that runs (Better Auth's included, since it
 * writes through the same Kysely instance), and tells the listeners which
 * users' data it touched:
 *
 *   - a table in USER_TABLES names its user column; an INSERT carries the user
 *     in its values, an UPDATE or DELETE in its WHERE (`userId = ?`, `IN (…)`);
 *   - when the WHERE does not name the user (`session.token = ?`,
 *     `form_message.id = ?`), the same WHERE is first run as a SELECT of the
 *     user column on the same connection, so the users are known exactly;
 *   - a write whose users cannot be known (raw SQL, an unusual shape) is
 *     reported as touching everyone ("all");
 *   - a write inside a transaction is reported when the transaction commits
 *     (a reader that saw the report before the commit could otherwise cache
 *     the old data under the new version), and dropped on rollback;
 *   - the report comes after the statement succeeded.
 *
 * Tables that no signed-in page shows are in OTHER_TABLES; a table in neither
 * list fails write-watch.test.ts, so a new table is classified when it is made.
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryCompiler,
  type QueryResult,
  type RootOperationNode,
  ColumnNode,
  QueryNode,
  ReferenceNode,
  SelectionNode,
  SelectQueryNode,
  createQueryId,
} from "kysely";

/** Tables whose rows belong to one user, and the column that says which. */
export const USER_TABLES: Readonly<Record<string, string>> = {
  user: "id",
  session: "userId",
  account: "userId",
  profile: "user_id",
  form_message: "user_id",
  twoFactor: "userId",
  passkey: "user_id",
  trusted_browser: "user_id",
};

/**
 * Tables no signed-in page shows per user (so a write to them changes no
 * remembered answer), each with the reason. Kept next to USER_TABLES so that
 * a new table must be put in one or the other (write-watch.test.ts).
 */
export const OTHER_TABLES: Readonly<Record<string, string>> = {
  verification: "one-time verification values, read only by the auth endpoints",
  dev_mailbox: "the local outbox, read at /dev/mailbox",
  consumed_token: "spent one-time links",
  form: "form definitions, shown only in the operator console (never replayed)",
  audit_log: "operator console only",
  analytics_daily: "aggregates, operator console only",
  mail_outbox: "mail waiting to be sent or sent, shown only in the operator console (never replayed)",
  idempotency_key: "the answers of keyed writes, read only to answer a retry",
  readiness_probe: "readiness's write probe, one row per instance",
  two_factor_used_code: "authenticator codes already accepted, read only when a code is checked",
  analytics_source_daily: "counts per day and source, no visitor in them",
  analytics_goal_daily: "counts per day, goal and source, no visitor in them",
  webhook_delivery: "webhook POSTs and their state, shown only in the operator console",
  message_reply: "operators' answers to form messages, shown only in the operator console",
  waitlist_entry: "addresses, not accounts: shown in the operator console and in the download of one's data (never replayed)",
  kysely_migration: "migration bookkeeping",
  kysely_migration_lock: "migration bookkeeping",
};

/** Whose data a write changed: user ids, or everyone. */
export type WriteReport = { table: string; users: string[] } | { table: string; users: "all" };
export type WriteListener = (report: WriteReport) => void;

interface Target {
  table: string;
  node: RootOperationNode;
  /** The table node an UPDATE or DELETE names (for the SELECT that finds its users). */
  from?: OperationNode;
  where?: OperationNode;
}

function identifierOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.kind) {
    case "TableNode":
      return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
    case "AliasNode":
      return identifierOf((node as unknown as { node: OperationNode }).node);
    default:
      return undefined;
  }
}

function targetOf(node: RootOperationNode): Target | undefined {
  switch (node.kind) {
    case "InsertQueryNode":
      return { table: identifierOf(node.into) ?? "", node };
    case "UpdateQueryNode":
      return { table: identifierOf(node.table) ?? "", node, from: node.table, where: node.where?.where };
    case "DeleteQueryNode":
      return { table: identifierOf(node.from.froms[0]) ?? "", node, from: node.from.froms[0], where: node.where?.where };
    default:
      return undefined;
  }
}

function columnName(node: OperationNode): string | undefined {
  if (node.kind === "ColumnNode") return (node as ColumnNode).column.name;
  if (node.kind === "ReferenceNode") {
    const column = (node as ReferenceNode).column;
    return column.kind === "ColumnNode" ? column.column.name : undefined;
  }
  return undefined;
}

function valuesOf(node: OperationNode): unknown[] | undefined {
  switch (node.kind) {
    case "ValueNode":
      return [(node as unknown as { value: unknown }).value];
    case "PrimitiveValueListNode":
      return [...(node as unknown as { values: unknown[] }).values];
    case "ValueListNode": {
      const out: unknown[] = [];
      for (const item of (node as unknown as { values: OperationNode[] }).values) {
        const values = valuesOf(item);
        if (!values) return undefined;
        out.push(...values);
      }
      return out;
    }
    case "ParensNode":
      return valuesOf((node as unknown as { node: OperationNode }).node);
    default:
      return undefined;
  }
}

/** The users a WHERE pins down by `column = value` / `column IN (…)`, possibly inside ANDs; else undefined. */
function usersInWhere(where: OperationNode, column: string): unknown[] | undefined {
  switch (where.kind) {
    case "AndNode": {
      const { left, right } = where as unknown as { left: OperationNode; right: OperationNode };
      return usersInWhere(left, column) ?? usersInWhere(right, column);
    }
    case "ParensNode":
      return usersInWhere((where as unknown as { node: OperationNode }).node, column);
    case "BinaryOperationNode": {
      const { leftOperand, operator, rightOperand } = where as unknown as { leftOperand: OperationNode; operator: { operator: string }; rightOperand: OperationNode };
      if (columnName(leftOperand) !== column) return undefined;
      if (operator.operator !== "=" && operator.operator !== "in") return undefined;
      return valuesOf(rightOperand);
    }
    default:
      return undefined;
  }
}

/** The users an INSERT names in its user column, if every row names one. */
function usersInInsert(node: RootOperationNode, column: string): unknown[] | undefined {
  if (node.kind !== "InsertQueryNode" || !node.columns || !node.values) return undefined;
  const index = node.columns.findIndex((c) => c.column.name === column);
  if (index < 0) return undefined;
  if (node.values.kind !== "ValuesNode") return undefined;
  const out: unknown[] = [];
  for (const row of (node.values as unknown as { values: OperationNode[] }).values) {
    const values = valuesOf(row);
    if (!values || values.length <= index) return undefined;
    out.push(values[index]);
  }
  return out;
}

const WRITE_SQL = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|replace|upsert|merge|truncate|drop|alter)\b/i;

const asIds = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === "string" && v.length > 0))];

/**
 * Wraps a dialect so that every write is reported to `listeners` (see above).
 * `listeners` is read at report time: add to it whenever.
 */
export function watchWrites(dialect: Dialect, listeners: Set<WriteListener>): Dialect {
  const compiler: QueryCompiler = dialect.createQueryCompiler();
  const inTransaction = new WeakMap<DatabaseConnection, WriteReport[]>();

  const emit = (report: WriteReport) => {
    for (const listener of listeners) {
      try {
        listener(report);
      } catch {
        // A listener's failure is its own; the write has happened.
      }
    }
  };

  /** Who the write will touch, decided before it runs (a DELETE's rows are gone after). */
  async function usersOf(connection: DatabaseConnection, query: CompiledQuery): Promise<WriteReport | undefined> {
    const node = query.query;
    if (node.kind === "RawNode") {
      return WRITE_SQL.test(query.sql) ? { table: "(raw sql)", users: "all" } : undefined;
    }
    const target = targetOf(node);
    if (!target) return undefined;
    const column = USER_TABLES[target.table];
    if (!column) return undefined;
    const named = target.node.kind === "InsertQueryNode" ? usersInInsert(target.node, column) : target.where ? usersInWhere(target.where, column) : undefined;
    if (named) return { table: target.table, users: asIds(named) };
    if (target.node.kind === "InsertQueryNode" || !target.where) return { table: target.table, users: "all" };
    // Ask the database whose rows the same WHERE selects.
    const from = SelectQueryNode.createFrom([target.from!]);
    const select = QueryNode.cloneWithWhere(SelectQueryNode.cloneWithSelections(from, [SelectionNode.create(ReferenceNode.create(ColumnNode.create(column)))]), target.where);
    try {
      const found = await connection.executeQuery<Record<string, unknown>>(compiler.compileQuery(select, createQueryId()));
      return { table: target.table, users: asIds(found.rows.map((row) => row[column])) };
    } catch {
      return { table: target.table, users: "all" };
    }
  }

  function wrapConnection(connection: DatabaseConnection): DatabaseConnection {
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const report = await usersOf(connection, query);
        const result = await connection.executeQuery<R>(query);
        if (report && (report.users === "all" || report.users.length > 0)) {
          const pending = inTransaction.get(connection);
          if (pending) pending.push(report);
          else emit(report);
        }
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const original = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = (connection: DatabaseConnection) => original.get(connection) ?? connection;

  function wrapDriver(driver: Driver): Driver {
    return {
      init: () => driver.init(),
      async acquireConnection() {
        const connection = await driver.acquireConnection();
        let outer = wrapped.get(connection);
        if (!outer) {
          outer = wrapConnection(connection);
          wrapped.set(connection, outer);
          original.set(outer, connection);
        }
        return outer;
      },
      async beginTransaction(connection, settings) {
        await driver.beginTransaction(inner(connection), settings);
        inTransaction.set(inner(connection), []);
      },
      async commitTransaction(connection) {
        await driver.commitTransaction(inner(connection));
        const pending = inTransaction.get(inner(connection)) ?? [];
        inTransaction.delete(inner(connection));
        for (const report of pending) emit(report);
      },
      async rollbackTransaction(connection) {
        inTransaction.delete(inner(connection));
        await driver.rollbackTransaction(inner(connection));
      },
      ...(driver.savepoint && { savepoint: (connection, name, compile) => driver.savepoint!(inner(connection), name, compile) }),
      ...(driver.rollbackToSavepoint && { rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(inner(connection), name, compile) }),
      ...(driver.releaseSavepoint && { releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(inner(connection), name, compile) }),
      releaseConnection: (connection) => driver.releaseConnection(inner(connection)),
      destroy: () => driver.destroy(),
    };
  }

  return {
    createDriver: () => wrapDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
