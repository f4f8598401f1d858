import type { Job, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import {
  DEFAULT_POLL_SECONDS,
  NOTIFY_BACKSTOP_POLL_SECONDS,
  queueOptions,
  withoutUndefined,
} from "./boss-options.ts";
import type { JobHandler, JobRunnerOptions, QueueOptions, WorkOptions } from "./runner-types.ts";

/** A cron schedule as declared, kept to be (re)installed at each start. */
export type ScheduledSend = {
  name: string;
  cron: string;
  data: object;
  options: { tz?: string; key?: string };
};

/**
 * What the job runner (server/jobs/runner.ts) knows: the declared queues, handlers and schedules,
 * and where it is in its start. The functions below are its parts that talk to pg-boss.
 */
export type RunnerState = {
  readonly boss: PgBoss;
  readonly database: Database;
  readonly logger: JobRunnerOptions["logger"];
  /** Workers poll and schedules fire (off in tests that drive jobs with runPending()). */
  readonly background: boolean;
  readonly queues: Map<string, QueueOptions>;
  readonly handlers: Map<string, { handler: JobHandler<object>; options: WorkOptions }>;
  readonly schedules: ScheduledSend[];
  /** The queues whose workers run in this process. */
  readonly working: Set<string>;
  /** Per queue, the creation in progress or done since the last start: send() waits for it. */
  readonly queueReady: Map<string, Promise<void>>;
  starting: Promise<void> | null;
  started: boolean;
  /** Aborted when stop() begins; a new one at each start. Every running handler's signal follows it. */
  stopping: AbortController;
};

/** Creates (or updates) a queue once per start; a failed creation is tried again next time. */
export function ensureQueueOnce(state: RunnerState, name: string): Promise<void> {
  let ready = state.queueReady.get(name);
  if (!ready) {
    ready = ensureQueue(state, name);
    state.queueReady.set(name, ready);
    ready.catch(() => state.queueReady.delete(name));
  }
  return ready;
}

async function ensureQueue({ boss, queues }: RunnerState, name: string) {
  const definition = queues.get(name) ?? {};
  await boss.createQueue(name, withoutUndefined({ policy: definition.policy, ...queueOptions(definition) }));
  // createQueue leaves an existing queue as it was; the code's current retry policy wins.
  const update = withoutUndefined(queueOptions(definition));
  if (Object.keys(update).length > 0) await boss.updateQueue(name, update);
  // Both calls above drop the queue from pg-boss's cache, and send() looks it up there first,
  // outside the caller's transaction: on PGlite's single connection that lookup would wait for
  // the very transaction that is waiting for it. A lookup now refills the cache.
  await boss.findJobs(name, { id: "00000000-0000-0000-0000-000000000000" });
}

/** One attempt of one job, with the outcome logged without the job's data (it may hold secrets). */
export async function runHandler(state: RunnerState, name: string, job: Job<object>) {
  const { handlers, logger } = state;
  const entry = handlers.get(name);
  if (!entry) throw new Error(`no handler for job queue ${name}`);
  // pg-boss's own signal (a worker's job only, not a fetched one) is aborted only once the stop's
  // deadline has passed or the claim is lost.
  const signal = job.signal ? AbortSignal.any([state.stopping.signal, job.signal]) : state.stopping.signal;
  try {
    await entry.handler(job.data, { id: job.id, name, retryCount: job.retryCount, signal });
  } catch (error) {
    logger?.warn(
      { job: name, jobId: job.id, attempt: job.retryCount + 1, err: (error as Error)?.message },
      "job attempt failed",
    );
    throw error;
  }
}

export async function startWorker(state: RunnerState, name: string) {
  const { boss, background, working, handlers } = state;
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
          await runHandler(state, name, job);
        } finally {
          if (workerId) boss.notifyWorker(workerId);
        }
      },
    );
  }
}

/** Starts pg-boss, then creates the queues, starts the workers and installs the schedules. */
export async function startRunner(state: RunnerState) {
  const { boss, queues, handlers, background, schedules } = state;
  if (state.stopping.signal.aborted) state.stopping = new AbortController();
  await boss.start();
  for (const name of new Set([...queues.keys(), ...handlers.keys()])) await ensureQueueOnce(state, name);
  for (const name of handlers.keys()) await startWorker(state, name);
  if (background) for (const s of schedules) await boss.schedule(s.name, s.cron, s.data, s.options);
  state.started = true;
}

/**
 * Stops polling and closes the pool. Running handlers are told (their signal) and get the timeout to
 * finish; whatever is still active after it is marked failed by pg-boss and retried on the next
 * start, so nothing is lost.
 */
export async function stopRunner(state: RunnerState, timeout: number) {
  if (!state.starting) return;
  // First: the sweeps return after their current batch, so the graceful stop rarely waits at all.
  state.stopping.abort();
  await state.starting.catch(() => {});
  await state.boss.stop({ graceful: true, close: true, timeout });
  state.starting = null;
  state.started = false;
  state.working.clear();
  state.queueReady.clear();
}
