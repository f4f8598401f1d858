import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Logger } from "#server/logger.ts";
import type { Database, Db } from "./client.ts";
import { genericPlans, openPools, registerGenericPlans } from "./prepared-client.ts";
import * as schema from "./schema.ts";

/**
 * Reads that may be a second stale, from a streaming replica (DATABASE_REPLICA_URL, ADR 0099).
 *
 * `database.readDb` is given only to the read paths that tolerate it (the catalogue's listings
 * and search, the archive of results). Each of its statements goes to the replica only inside a
 * request the HTTP layer marked with `allowingStaleReads` (a GET or HEAD of a browser that did not
 * write in the last seconds, server/http/fresh-reads.ts); anywhere else (a write, a job, a
 * script, a request after the browser's own write) the same handle reads the primary. A replica
 * that does not answer sends its statements to the primary, logged once per outage.
 */

const staleReads = new AsyncLocalStorage<true>();

/** Runs `run` (a request's handling) with reads that may come from the replica. */
export function allowingStaleReads<T>(run: () => T): T {
  return staleReads.run(true, run);
}

function staleReadsAllowed(): boolean {
  return staleReads.getStore() === true;
}

/** How long the replica is left alone after it failed to answer, before it is tried again. */
const RETRY_AFTER_MS = 5_000;
/** A replica that does not accept a connection within this goes to the primary instead. */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * Errors after which the same statement is read from the primary: the replica cannot be reached
 * (no server error at all: refused, timeout, reset), is starting or stopping (08*, 57P0*), or
 * cancelled the statement for a conflict with its recovery (40001: a read is safe to repeat).
 */
function isReplicaTrouble(error: unknown): boolean {
  const e = error as { severity?: string; code?: string };
  if (!e.severity) return true;
  const code = e.code ?? "";
  return code.startsWith("08") || code.startsWith("57P0") || code === "40001";
}

export type ReadOutcome = "replica" | "fallback";

/** The replica's state: up, or down until `retryAt` (each outage logged once). */
function replicaHealth(logger: Logger) {
  let retryAt = 0;
  let down = false;
  return {
    usable: () => Date.now() >= retryAt,
    failed(error: unknown) {
      retryAt = Date.now() + RETRY_AFTER_MS;
      if (down) return;
      down = true;
      const reason = (error as Error).message?.split("\n")[0] ?? String(error);
      logger.warn({ reason }, "the database replica does not answer: reading the primary");
    },
    answered() {
      if (!down) return;
      down = false;
      logger.info("the database replica answers again");
    },
  };
}

type Health = ReturnType<typeof replicaHealth>;

/**
 * A client for Drizzle over a replica pool: each statement on the replica while it answers, on
 * the primary's pool when it does not. Drizzle runs a statement through `query` only; transactions
 * never get here (the choosing handle below sends them to the primary).
 */
function fallingBack(replica: pg.Pool, primary: pg.Pool, health: Health, count: (o: ReadOutcome) => void) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query is overloaded; Drizzle passes (config, values).
    async query(config: any, values?: any): Promise<any> {
      if (health.usable()) {
        try {
          const result = await replica.query(config, values);
          health.answered();
          count("replica");
          return result;
        } catch (error) {
          if (!isReplicaTrouble(error)) throw error;
          health.failed(error);
        }
      }
      count("fallback");
      return primary.query(config, values);
    },
  };
}

/**
 * A database handle that is the replica's in a request allowing stale reads and the primary's
 * everywhere else, chosen when a statement is built (`readDb.select()…`, `readDb.execute(…)`).
 */
function choosing(primary: Db, replica: Db): Db {
  return new Proxy(primary, {
    get(_target, property) {
      const db = property !== "transaction" && staleReadsAllowed() ? replica : primary;
      const value = Reflect.get(db, property, db);
      return typeof value === "function" ? value.bind(db) : value;
    },
  });
}

/**
 * Opens the replica's pools beside `database` (PostgreSQL) and sets `database.readDb`; they close
 * with it. The replica's sessions do not LISTEN (a standby refuses it; the primary's hear the
 * shell data). A replica down at start is no start-up error: its reads go to the primary.
 */
export async function attachReplica(
  database: Database,
  options: { url: string; logger: Logger; poolSize?: number; count?: (outcome: ReadOutcome) => void },
): Promise<void> {
  const primaryPool = database.pool;
  if (database.engine !== "postgres" || !primaryPool)
    throw new Error("DATABASE_REPLICA_URL needs a PostgreSQL primary (DATABASE_URL)");
  const health = replicaHealth(options.logger);
  const count = options.count ?? (() => {});
  const { main, generic } = openPools({
    url: options.url,
    max: options.poolSize ?? 10,
    onConnect: async () => {},
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const replicaDb = drizzle({ client: fallingBack(main, primaryPool, health, count) as never, schema });
  const replicaGeneric = drizzle({
    client: fallingBack(generic, primaryPool, health, count) as never,
    schema,
  });
  const readDb = choosing(database.db, replicaDb as unknown as Db);
  // The replica's statements plan like the primary's: the generic-plan ones on its generic pool.
  registerGenericPlans(readDb, choosing(genericPlans(database.db), replicaGeneric as unknown as Db));
  database.readDb = readDb;
  database.onClose(async () => void (await Promise.all([main.end(), generic.end()])));
  // One statement now, so an unreachable replica is logged at start rather than at the first page.
  await allowingStaleReads(() => readDb.execute("select 1")).catch(() => {});
}
