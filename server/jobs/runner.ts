import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { bossOptions, withoutUndefined } from "./boss-options.ts";
import {
  ensureQueueOnce,
  type RunnerState,
  runHandler,
  startRunner,
  startWorker,
  stopRunner,
} from "./runner-state.ts";
import type { JobHandler, JobRunner, JobRunnerOptions, SendOptions } from "./runner-types.ts";

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

export type {
  JobHandler,
  JobInfo,
  JobRunner,
  JobRunnerOptions,
  QueueOptions,
  QueuePolicy,
  SendOptions,
  WorkOptions,
} from "./runner-types.ts";

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const background = options.background ?? true;
  const boss = new PgBoss(bossOptions(database, options));
  // pg-boss reports failures of its own loops (maintenance, polling) as events; without a listener
  // an 'error' event would crash the process.
  boss.on("error", (err) => logger?.error({ err }, "job runner error"));
  boss.on("warning", (warning) => logger?.warn({ warning: warning.message }, "job runner warning"));
  const state: RunnerState = {
    boss,
    database,
    logger,
    background,
    queues: new Map(),
    handlers: new Map(),
    schedules: [],
    working: new Set(),
    queueReady: new Map(),
    starting: null,
    started: false,
    stopping: new AbortController(),
  };

  const start = () => {
    state.starting ??= startRunner(state).catch((error) => {
      state.starting = null;
      throw error;
    });
    return state.starting;
  };

  return {
    engine: database.engine,

    define(name, definition = {}) {
      state.queues.set(name, definition);
      // Defined after the start: create it now (a send inside a transaction on PGlite could not).
      if (state.started)
        ensureQueueOnce(state, name).catch((err) =>
          logger?.error({ err, job: name }, "could not create a job queue"),
        );
    },

    send: (name, data, sendOptions = {}) => sendJob(state, start, name, data, sendOptions),

    work(name, handler, workOptions = {}) {
      state.handlers.set(name, { handler: handler as JobHandler<object>, options: workOptions });
      if (state.started) {
        void ensureQueueOnce(state, name)
          .then(() => startWorker(state, name))
          .catch((err) => logger?.error({ err, job: name }, "could not start a job worker"));
      }
    },

    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      state.schedules.push({ name, cron, data, options: scheduleOptions });
      if (state.started && background) await boss.schedule(name, cron, data, scheduleOptions);
    },

    async runPending(name) {
      await start();
      return runPendingJobs(state, name);
    },

    counts: () => jobCounts(state.database),

    async list(name) {
      await start();
      await state.queueReady.get(name);
      const jobs = await boss.findJobs<object>(name);
      return jobs
        .sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime())
        .map((job) => ({ id: job.id, state: job.state, retryCount: job.retryCount, data: job.data }));
    },

    start,
    stop: () => stopRunner(state, options.stopTimeoutMs ?? 10_000),
  };
}

async function sendJob(
  state: RunnerState,
  start: () => Promise<void>,
  name: string,
  data: object,
  sendOptions: SendOptions,
): Promise<string | null> {
  if (sendOptions.tx && !state.started && state.database.engine === "pglite") {
    // Starting installs and reads pg-boss's tables over the one embedded connection, which the
    // caller's transaction holds: that would wait forever.
    throw new Error("job runner: start() it before sending inside a transaction on PGlite");
  }
  await start();
  if (!state.queues.has(name) && !state.handlers.has(name)) throw new Error(`unknown job queue ${name}`);
  await state.queueReady.get(name);
  const { tx, startAfter, singletonKey, retryLimit } = sendOptions;
  return state.boss.send(
    name,
    data,
    withoutUndefined({
      startAfter,
      singletonKey,
      retryLimit,
      db: tx ? fromDrizzle(tx as never, sql) : undefined,
    }),
  );
}

/** Runs the queue's due jobs here, one by one (tests and scripts); returns how many ran. */
async function runPendingJobs(state: RunnerState, name: string): Promise<number> {
  await state.queueReady.get(name);
  let ran = 0;
  for (;;) {
    const [job] = await state.boss.fetch<object>(name, { batchSize: 1 });
    if (!job) return ran;
    ran += 1;
    try {
      await runHandler(state, name, job);
      await state.boss.complete(name, job.id);
    } catch (error) {
      await state.boss.fail(name, job.id, { message: (error as Error)?.message ?? String(error) });
    }
  }
}

/** Jobs waiting, running and failed by queue, from pg-boss's table (nothing before its first start). */
async function jobCounts(database: Database): Promise<{ queue: string; state: string; count: number }[]> {
  const result = await database.db
    .execute(sql`select name, state, count(*)::int as count from pgboss.job
      where state in ('created', 'retry', 'active', 'failed') group by name, state`)
    .catch(() => null);
  if (!result) return [];
  return rowsOf<{ name: string; state: string; count: number }>(result).map((row) => ({
    queue: row.name,
    state: row.state,
    count: Number(row.count),
  }));
}
