import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** The job runner's public face (server/jobs/runner.ts): what the modules define, send and handle. */

/** Queue policies (pg-boss): `exclusive` allows one queued-or-active job per singletonKey. */
export type QueuePolicy = "standard" | "exclusive" | "singleton" | "stately" | "short";

export type QueueOptions = {
  policy?: QueuePolicy;
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
  /** Seconds before a retry; doubled per attempt (with jitter) when retryBackoff is on. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  /** How long one attempt may run before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /** How long finished jobs stay in the table (default 7 days). */
  deleteAfterSeconds?: number;
  /** A new job wakes the queue's workers at once (PostgreSQL NOTIFY) instead of at their next poll. */
  notify?: boolean;
  /**
   * A running job's worker confirms it is alive this often (seconds, at least 10; default
   * HEARTBEAT_SECONDS); a job whose confirmation stops (its process was killed) is retried after
   * this and the supervisor's interval, instead of after expireInSeconds.
   */
  heartbeatSeconds?: number;
};

export type SendOptions = {
  /** Not before this moment; a number is seconds from now. */
  startAfter?: Date | number;
  /** On an `exclusive` queue, a second job with the same key is not created while one is queued or active. */
  singletonKey?: string;
  retryLimit?: number;
  /**
   * The caller's open transaction (drizzle `tx`): the job is created if and only if that
   * transaction commits. Required when sending from inside a transaction on PGlite, whose single
   * connection is held by the transaction until it ends.
   */
  tx?: Db;
};

export type JobInfo = {
  id: string;
  name: string;
  retryCount: number;
  /**
   * Aborted as soon as the runner stops (the process is shutting down) or the job's claim is lost.
   * A handler that works in batches (a sweep) checks it between batches and returns: what it did is
   * kept, and the next run goes on from there. Without it a long sweep holds the shutdown until the
   * stop's deadline and then runs on against a closed pool.
   */
  signal: AbortSignal;
};
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export type WorkOptions = {
  /** Seconds between polls when no notification woke the worker (default 2). */
  pollingIntervalSeconds?: number;
  /** Jobs of this queue run side by side in this process (default 1). */
  concurrency?: number;
};

export type JobRunner = {
  readonly engine: Database["engine"];
  /** Declares a queue with its retry policy; created (or updated) when the runner starts. */
  define(name: string, options?: QueueOptions): void;
  /** Creates a job. Starts the runner when it has not started yet. Returns null when a singletonKey suppressed it. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Registers the handler of a queue; with background processing on, it polls from start() on. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** A cron schedule (5 fields) that sends `data` to the queue; one per queue and key, kept in the database. */
  schedule(name: string, cron: string, data?: object, options?: { tz?: string; key?: string }): Promise<void>;
  /**
   * Runs every job of the queue that is due now in this process, one by one, and returns how many
   * ran (succeeded or failed). For tests and scripts; the background workers do this on their own.
   */
  runPending(name: string): Promise<number>;
  /** Jobs waiting (created, retry), running (active) and failed, by queue: the metrics' gauge (ADR 0093). */
  counts(): Promise<{ queue: string; state: string; count: number }[]>;
  /** The stored jobs of a queue (tests, diagnostics). */
  list(name: string): Promise<{ id: string; state: string; retryCount: number; data: unknown }[]>;
  start(): Promise<void>;
  /** Stops polling, waits (bounded) for running handlers, and releases the connection pool. */
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  database: Database;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /**
   * Workers poll, schedules fire and pg-boss supervises (expires stuck jobs, deletes old ones).
   * Off in tests that drive jobs with runPending(). Default on.
   */
  background?: boolean;
  /** pg-boss's own pool on PostgreSQL (default 4 connections). */
  poolSize?: number;
  /** How long stop() waits for running handlers, in milliseconds (default 10 s). */
  stopTimeoutMs?: number;
};
