import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("DATABASE_REPLICA_URL", () => {
  const db = "postgres://localhost/rarita";

  it("is off unless set: every read on the one database", () => {
    expect(loadConfig({ DATABASE_URL: db }).replica).toBeUndefined();
    expect(loadConfig({}).replica).toBeUndefined();
  });

  it("reads a replica of DATABASE_URL's PostgreSQL, the writing browser the primary for 10 s unless told", () => {
    const replica = "postgres://replica.local/rarita";
    expect(loadConfig({ DATABASE_URL: db, DATABASE_REPLICA_URL: replica }).replica).toEqual({
      url: replica,
      primaryAfterWriteSeconds: 10,
    });
    expect(
      loadConfig({ DATABASE_URL: db, DATABASE_REPLICA_URL: replica, READ_PRIMARY_AFTER_WRITE_SECONDS: "3" })
        .replica?.primaryAfterWriteSeconds,
    ).toBe(3);
  });

  it("is refused with the embedded database and when it is no PostgreSQL URL", () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: "postgres://replica.local/rarita" })).toThrow(
      /^Invalid DATABASE_REPLICA_URL="…": a replica needs DATABASE_URL \(the embedded database has no replicas\)/,
    );
    expect(() => loadConfig({ DATABASE_URL: db, DATABASE_REPLICA_URL: "mysql://x/y" })).toThrow(
      /^Invalid DATABASE_REPLICA_URL=.*must be a URL starting with postgres:\/\//,
    );
  });
});
