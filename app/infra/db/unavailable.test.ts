import { describe, expect, it } from "vitest";
import { asDatabaseUnavailable, DependencyUnavailableError, findUnavailable, unavailableReason } from "./unavailable";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("one classification of database errors", () => {
  it.each([
    [coded("ECONNREFUSED"), "connection"],
    [coded("ECONNRESET"), "connection"],
    [new Error("Connection terminated unexpectedly"), "connection"],
    [new Error("timeout exceeded when trying to connect"), "pool exhausted"],
    [coded("53300", "sorry, too many clients already"), "pool exhausted"],
    [coded("57014", "canceling statement due to statement timeout"), "timeout"],
    [coded("57P01", "terminating connection due to administrator command"), "shutting down"],
    [coded("25006", "cannot execute INSERT in a read-only transaction"), "read-only"],
    [coded("53100", "could not extend file: No space left on device"), "disk full"],
    [coded("08006"), "connection"],
    [coded("SQLITE_BUSY"), "busy"],
    [coded("SQLITE_BUSY_SNAPSHOT"), "busy"],
    [coded("SQLITE_FULL"), "disk full"],
    [coded("SQLITE_READONLY_DBMOVED"), "read-only"],
    [coded("SQLITE_IOERR_WRITE"), "i/o error"],
    [new TypeError("The database connection is not open"), "shutting down"],
  ] as const)("%s → %s", (error, reason) => {
    expect(unavailableReason(error)).toBe(reason);
    expect(asDatabaseUnavailable(error)).toBeInstanceOf(DependencyUnavailableError);
  });

  it.each([
    [coded("23505", 'duplicate key value violates unique constraint "user_email_key"')],
    [coded("SQLITE_CONSTRAINT_PRIMARYKEY")],
    [coded("42P01", 'relation "nope" does not exist')],
    [new Error("something else went wrong")],
    ["a string"],
    [null],
  ])("a request's own fault or a bug is not an outage: %s", (error) => {
    expect(unavailableReason(error)).toBeNull();
    expect(asDatabaseUnavailable(error)).toBeNull();
  });

  it("finds the cause through wrappers (Better Auth's, ours)", () => {
    const root = new DependencyUnavailableError("database", "timeout");
    expect(findUnavailable(new Error("FAILED_TO_CREATE_USER", { cause: root }))).toBe(root);
    expect(unavailableReason(new Error("wrapped", { cause: coded("SQLITE_FULL") }))).toBe("disk full");
  });
});
