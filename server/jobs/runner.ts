import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { type ConstructorOptions, fromDrizzle, fromPglite, type Job, PgBoss } from "pg-boss";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/**
 * Durable background jobs on pg-boss, in the application's own database (PGlite or PostgreSQL):
 * a job sent is a row that outlives a crash or a restart; a worker claims it with
 * `FOR UPDATE SKIP LOCKED`, so several processes on one PostgreSQL database never run the same
 * attempt twice; a handler that throws is retried by the queue's policy. Delivery is
 * at-least-once (a process killed mid-handler stops the job's heartbeat, and the next supervisor
 * round of any process hands it to the queue's retry policy), so handlers
 * make their effect idempotent: a state transition guarded by its `WHERE`, a file named by the
 * job id. See docs/decisions/0004-jobs.md.
 *
 * The rest of the code sees only this small interface; pg-boss stays behind it.
 */

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

export type JobInfo = { id: string; name: string; retryCount: number };
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

const DEFAULT_POLL_SECONDS = 2;
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
const NOTIFY_BACKSTOP_POLL_SECONDS = 5;

function bossOptions(database: Database, options: JobRunnerOptions): ConstructorOptions {
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
function queueOptions(options: QueueOptions) {
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

const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const background = options.background ?? true;
  const boss = new PgBoss(bossOptions(database, options));
  // pg-boss reports failures of its own loops (maintenance, polling) as events; without a listener
  // an 'error' event would crash the process.
  boss.on("error", (err) => logger?.error({ err }, "job runner error"));
  boss.on("warning", (warning) => logger?.warn({ warning: warning.message }, "job runner warning"));

  const queues = new Map<string, QueueOptions>();
  const handlers = new Map<string, { handler: JobHandler<object>; options: WorkOptions }>();
  const schedules: { name: string; cron: string; data: object; options: { tz?: string; key?: string } }[] =
    [];
  const working = new Set<string>();
  let starting: Promise<void> | null = null;
  let started = false;

  // Per queue, the creation in progress or done since the last start: send() waits for it.
  const queueReady = new Map<string, Promise<void>>();
  function ensureQueueOnce(name: string) {
    let ready = queueReady.get(name);
    if (!ready) {
      ready = ensureQueue(name);
      queueReady.set(name, ready);
      ready.catch(() => queueReady.delete(name));
    }
    return ready;
  }

  async function ensureQueue(name: string) {
    const definition = queues.get(name) ?? {};
    await boss.createQueue(
      name,
      withoutUndefined({ policy: definition.policy, ...queueOptions(definition) }),
    );
    // createQueue leaves an existing queue as it was; the code's current retry policy wins.
    const update = withoutUndefined(queueOptions(definition));
    if (Object.keys(update).length > 0) await boss.updateQueue(name, update);
    // Both calls above drop the queue from pg-boss's cache, and send() looks it up there first,
    // outside the caller's transaction: on PGlite's single connection that lookup would wait for
    // the very transaction that is waiting for it. A lookup now refills the cache.
    await boss.findJobs(name, { id: "00000000-0000-0000-0000-000000000000" });
  }

  /** One attempt of one job, with the outcome logged without the job's data (it may hold secrets). */
  async function runHandler(name: string, job: Job<object>) {
    const entry = handlers.get(name);
    if (!entry) throw new Error(`no handler for job queue ${name}`);
    try {
      await entry.handler(job.data, { id: job.id, name, retryCount: job.retryCount });
    } catch (error) {
      logger?.warn(
        { job: name, jobId: job.id, attempt: job.retryCount + 1, err: (error as Error)?.message },
        "job attempt failed",
      );
      throw error;
    }
  }

  async function startWorker(name: string) {
    if (!background || working.has(name)) return;
    const entry = handlers.get(name);
    if (!entry) return;
    working.add(name);
    // One pg-boss worker per concurrent slot, so each knows its own id: after a job it asks for the
    // next one at once. pg-boss waits its poll interval after every fetch that found a job (30 s on
    // a queue with NOTIFY), so a backlog (after a restart or an SMTP outage) drained one job per
    // poll; now it drains as fast as the handlers run, and only an empty fetch waits.
    for (let slot = 0; slot < (entry.options.concurrency ?? 1); slot++) {
      let workerId = "";
      workerId = await boss.work<object>(
        name,
        {
          batchSize: 1,
          pollingIntervalSeconds: entry.options.pollingIntervalSeconds ?? DEFAULT_POLL_SECONDS,
          notifyPollingIntervalSeconds: Math.max(
            NOTIFY_BACKSTOP_POLL_SECONDS,
            entry.options.pollingIntervalSeconds ?? DEFAULT_POLL_SECONDS,
          ),
          localConcurrency: 1,
        },
        async ([job]) => {
          try {
            await runHandler(name, job);
          } finally {
            if (workerId) boss.notifyWorker(workerId);
          }
        },
      );
    }
  }

  async function doStart() {
    await boss.start();
    for (const name of new Set([...queues.keys(), ...handlers.keys()])) await ensureQueueOnce(name);
    for (const name of handlers.keys()) await startWorker(name);
    if (background) for (const s of schedules) await boss.schedule(s.name, s.cron, s.data, s.options);
    started = true;
  }

  const runner: JobRunner = {
    engine: database.engine,

    define(name, definition = {}) {
      queues.set(name, definition);
      // Defined after the start: create it now (a send inside a transaction on PGlite could not).
      if (started)
        ensureQueueOnce(name).catch((err) =>
          logger?.error({ err, job: name }, "could not create a job queue"),
        );
    },

    async send(name, data, sendOptions = {}) {
      if (sendOptions.tx && !started && database.engine === "pglite") {
        // Starting installs and reads pg-boss's tables over the one embedded connection, which the
        // caller's transaction holds: that would wait forever.
        throw new Error("job runner: start() it before sending inside a transaction on PGlite");
      }
      await runner.start();
      if (!queues.has(name) && !handlers.has(name)) throw new Error(`unknown job queue ${name}`);
      await queueReady.get(name);
      const { tx, startAfter, singletonKey, retryLimit } = sendOptions;
      return boss.send(
        name,
        data,
        withoutUndefined({
          startAfter,
          singletonKey,
          retryLimit,
          db: tx ? fromDrizzle(tx as never, sql) : undefined,
        }),
      );
    },

    work(name, handler, workOptions = {}) {
      handlers.set(name, { handler: handler as JobHandler<object>, options: workOptions });
      if (started) {
        void ensureQueueOnce(name)
          .then(() => startWorker(name))
          .catch((err) => logger?.error({ err, job: name }, "could not start a job worker"));
      }
    },

    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      schedules.push({ name, cron, data, options: scheduleOptions });
      if (started && background) await boss.schedule(name, cron, data, scheduleOptions);
    },

    async runPending(name) {
      await runner.start();
      await queueReady.get(name);
      let ran = 0;
      for (;;) {
        const [job] = await boss.fetch<object>(name, { batchSize: 1 });
        if (!job) return ran;
        ran += 1;
        try {
          await runHandler(name, job);
          await boss.complete(name, job.id);
        } catch (error) {
          await boss.fail(name, job.id, { message: (error as Error)?.message ?? String(error) });
        }
      }
    },

    async list(name) {
      await runner.start();
      await queueReady.get(name);
      const jobs = await boss.findJobs<object>(name);
      return jobs
        .sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime())
        .map((job) => ({ id: job.id, state: job.state, retryCount: job.retryCount, data: job.data }));
    },

    start() {
      starting ??= doStart().catch((error) => {
        starting = null;
        throw error;
      });
      return starting;
    },

    async stop() {
      if (!starting) return;
      await starting.catch(() => {});
      // Running handlers get the timeout to finish; whatever is still active after it is marked
      // failed by pg-boss and retried on the next start, so nothing is lost.
      await boss.stop({ graceful: true, close: true, timeout: options.stopTimeoutMs ?? 10_000 });
      starting = null;
      started = false;
      working.clear();
      queueReady.clear();
    },
  };
  return runner;
}
