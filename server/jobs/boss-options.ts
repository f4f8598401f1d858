import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { type ConstructorOptions, fromPglite } from "pg-boss";
import type { Database } from "../db/client.ts";
import type { JobRunnerOptions, QueueOptions } from "./runner-types.ts";

/** pg-boss's settings from ours: the timings that make a crashed job come back in seconds. */

export const DEFAULT_POLL_SECONDS = 2;
/**
 * See QueueOptions.heartbeatSeconds: a job killed mid-run waits at most 10 + 5 s (then its retry
 * delay) before it runs again, so an auction close interrupted by a crash is late by seconds, not
 * a minute. pg-boss allows no heartbeat under 10 s; a supervisor round is a few indexed queries.
 */
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_INTERVAL_SECONDS = 5;
/**
 * pg-boss fails jobs whose heartbeat stopped in its per-queue monitor pass (default every 60 s,
 * which left a killed job waiting a minute more); the pass also counts each queue's jobs.
 */
const MONITOR_INTERVAL_SECONDS = 10;
/**
 * A queue with NOTIFY still polls this often: a retry that becomes due (start_after passes) sends
 * no notification, so pg-boss's 30 s backstop made every mail retry up to 30 s late.
 */
export const NOTIFY_BACKSTOP_POLL_SECONDS = 5;

export function bossOptions(database: Database, options: JobRunnerOptions): ConstructorOptions {
  const background = options.background ?? true;
  const common: ConstructorOptions = {
    schema: "pgboss",
    supervise: background,
    // The supervisor fails jobs whose heartbeat stopped (a killed process) and expired ones.
    superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: MONITOR_INTERVAL_SECONDS,
    schedule: background,
    // Workers on queues with `notify` wake on the INSERT's NOTIFY instead of the next poll.
    useListenNotify: background,
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.engine === "pglite") {
    // One embedded connection shared with the app. PGlite has no autovacuum at all, so pg-boss's
    // vacuum monitor would only warn; maintenance.ts runs VACUUM ANALYZE itself.
    return { ...common, db: fromPglite(client as PGlite), backend: "pglite", monitorVacuum: false };
  }
  const connectionString = (client as pg.Pool).options.connectionString;
  if (!connectionString) throw new Error("job runner: the PostgreSQL pool has no connection string");
  return { ...common, connectionString, max: options.poolSize ?? 4, application_name: "rarita-jobs" };
}

/** pg-boss's queue options from ours (seconds everywhere; names spelled out). */
export function queueOptions(options: QueueOptions) {
  return {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    retryDelayMax: options.retryDelayMaxSeconds,
    expireInSeconds: options.expireInSeconds,
    deleteAfterSeconds: options.deleteAfterSeconds,
    notify: options.notify,
    heartbeatSeconds: options.heartbeatSeconds ?? HEARTBEAT_SECONDS,
  };
}

export const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
