import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../db/test-database.ts";
import { createJobRunner, type JobRunner } from "./runner.ts";

/**
 * The job runner on the test database's engine (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * background workers that poll, retries, deferred jobs, two runners on one database, and jobs
 * that outlive a stop.
 */
let database: TestDatabase;
const runners: JobRunner[] = [];
const silent = { info() {}, warn() {}, error() {} };

function runner(options: { background?: boolean; stopTimeoutMs?: number } = {}) {
  const created = createJobRunner({
    database,
    logger: silent,
    background: options.background ?? true,
    stopTimeoutMs: options.stopTimeoutMs,
  });
  runners.push(created);
  return created;
}

/** Polls a condition; the workers run on their own schedule (0.5 s polls, NOTIFY wake-ups). */
const eventually = (assertion: () => void | Promise<void>) =>
  vi.waitFor(assertion, { timeout: 15_000, interval: 50 });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  await database?.dispose();
});

describe("job runner", () => {
  it("processes a job sent once, exactly once", async () => {
    const jobs = runner();
    const seen: { data: unknown; retryCount: number }[] = [];
    jobs.work<{ n: number }>(
      "test.once",
      async (data, job) => void seen.push({ data, retryCount: job.retryCount }),
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
    const id = await jobs.send("test.once", { n: 1 });
    await eventually(async () => expect((await jobs.list("test.once"))[0]?.state).toBe("completed"));
    expect(seen).toEqual([{ data: { n: 1 }, retryCount: 0 }]);
    expect(await jobs.list("test.once")).toEqual([{ id, state: "completed", retryCount: 0, data: { n: 1 } }]);
    expect(await jobs.runPending("test.once")).toBe(0);
    expect(seen).toHaveLength(1);
    await jobs.stop();
  });

  it("works off a backlog one job after another, without waiting out the poll interval between them", async () => {
    // Jobs queued while no worker ran (a restart, an SMTP outage): on a queue with NOTIFY the
    // worker's fallback poll is 30 s, and it used to wait that long after each job.
    const queued = runner({ background: false });
    queued.define("test.backlog", { notify: true });
    await queued.start();
    for (let n = 0; n < 6; n++) await queued.send("test.backlog", { n });
    await queued.stop();

    const jobs = runner();
    jobs.define("test.backlog", { notify: true });
    const seen: number[] = [];
    jobs.work<{ n: number }>("test.backlog", async ({ n }) => void seen.push(n), {
      pollingIntervalSeconds: 2,
    });
    await jobs.start();
    await vi.waitFor(() => expect(seen).toHaveLength(6), { timeout: 8_000, interval: 50 });
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    await jobs.stop();
  });

  it("retries a failing handler, which then succeeds", async () => {
    const jobs = runner();
    jobs.define("test.flaky", { retryLimit: 3, retryDelaySeconds: 0 });
    let attempts = 0;
    jobs.work(
      "test.flaky",
      async () => {
        attempts += 1;
        if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
    await jobs.send("test.flaky", {});
    await eventually(async () => expect((await jobs.list("test.flaky"))[0]?.state).toBe("completed"));
    expect(attempts).toBe(3);
    expect((await jobs.list("test.flaky"))[0]?.retryCount).toBe(2);
    await jobs.stop();
  });

  it("gives up after the retry limit and keeps the job as failed", async () => {
    const jobs = runner({ background: false });
    jobs.define("test.broken", { retryLimit: 1, retryDelaySeconds: 0 });
    let attempts = 0;
    jobs.work("test.broken", async () => {
      attempts += 1;
      throw new Error("always");
    });
    await jobs.send("test.broken", {});
    expect(await jobs.runPending("test.broken")).toBe(2);
    expect(attempts).toBe(2);
    expect((await jobs.list("test.broken"))[0]?.state).toBe("failed");
    await jobs.stop();
  });

  it("does not run a job before its start time", async () => {
    const jobs = runner({ background: false });
    const ran: string[] = [];
    jobs.work<{ what: string }>("test.later", async (data) => void ran.push(data.what));
    const inAnHour = new Date(Date.now() + 3600_000);
    const id = await jobs.send("test.later", { what: "later" }, { startAfter: inAnHour });
    await jobs.send("test.later", { what: "in a minute" }, { startAfter: 60 });
    expect(await jobs.runPending("test.later")).toBe(0);
    expect(ran).toEqual([]);
    expect((await jobs.list("test.later")).map((j) => j.state)).toEqual(["created", "created"]);

    // The hour passes for the first job only.
    await database.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}`);
    expect(await jobs.runPending("test.later")).toBe(1);
    expect(ran).toEqual(["later"]);
    await jobs.stop();
  });

  it("creates one job per singleton key on an exclusive queue", async () => {
    const jobs = runner({ background: false });
    jobs.define("test.exclusive", { policy: "exclusive" });
    jobs.work("test.exclusive", async () => {});
    const first = await jobs.send("test.exclusive", { auction: 7 }, { singletonKey: "auction-7" });
    const second = await jobs.send("test.exclusive", { auction: 7 }, { singletonKey: "auction-7" });
    const other = await jobs.send("test.exclusive", { auction: 8 }, { singletonKey: "auction-8" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(other).not.toBeNull();
    expect(await jobs.runPending("test.exclusive")).toBe(2);
    await jobs.stop();
  });

  it("enqueues inside the caller's transaction: a rollback leaves no job", async () => {
    const jobs = runner({ background: false });
    jobs.define("test.tx");
    await jobs.start();
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send("test.tx", { kept: false }, { tx });
        throw new Error("business rule refused");
      }),
    ).rejects.toThrow("business rule refused");
    await database.db.transaction(async (tx) => {
      await jobs.send("test.tx", { kept: true }, { tx });
    });
    expect((await jobs.list("test.tx")).map((j) => j.data)).toEqual([{ kept: true }]);
    await jobs.stop();
  });

  it("two runners on one database process each of 40 jobs exactly once", async () => {
    const a = runner();
    const b = runner();
    const processed: { id: string; by: string }[] = [];
    for (const [jobs, by] of [
      [a, "a"],
      [b, "b"],
    ] as const) {
      jobs.work(
        "test.shared",
        async (_data, job) => {
          processed.push({ id: job.id, by });
          // Hold the claim a moment so that the other runner polls while this one works.
          await new Promise((resolve) => setImmediate(resolve));
        },
        { pollingIntervalSeconds: 0.5, concurrency: 2 },
      );
    }
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => a.send("test.shared", { n })));
    await eventually(async () =>
      expect((await a.list("test.shared")).every((j) => j.state === "completed")).toBe(true),
    );
    expect(processed.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(new Set(processed.map((p) => p.id)).size).toBe(40);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("keeps a job across a stop: the next runner (a restarted process) runs it", async () => {
    const before = runner({ background: false });
    before.define("test.durable");
    await before.send("test.durable", { order: 42 });
    await before.stop();

    const after = runner({ background: false });
    const ran: unknown[] = [];
    after.work("test.durable", async (data) => void ran.push(data));
    expect(await after.runPending("test.durable")).toBe(1);
    expect(ran).toEqual([{ order: 42 }]);
    await after.stop();
  });

  it("tells a running handler that the runner stops, so a sweep returns after its batch and its job completes", async () => {
    // A sweep (the archive's backfill at a million listings) runs for minutes; a stop used to wait
    // out its deadline, fail the job and leave the handler running against a closed pool.
    const jobs = runner({ stopTimeoutMs: 60_000 });
    let batches = 0;
    let told = false;
    let running = () => {};
    const started = new Promise<void>((resolve) => {
      running = resolve;
    });
    jobs.work(
      "test.sweep",
      async (_data, { signal }) => {
        running();
        // Batches until told to stop; a handler never told stops by itself after 20 s and fails the test below.
        const giveUp = Date.now() + 20_000;
        while (!signal.aborted && Date.now() < giveUp) {
          batches += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        told = signal.aborted;
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
    const id = await jobs.send("test.sweep", {});
    await started;
    await jobs.stop();
    expect(told).toBe(true);
    expect(batches).toBeGreaterThan(0);
    const reader = runner({ background: false });
    reader.define("test.sweep");
    expect(await reader.list("test.sweep")).toMatchObject([{ id, state: "completed" }]);
    await reader.stop();
  });

  it("gives a restarted runner a fresh signal: its handlers are not told to stop", async () => {
    const jobs = runner({ background: false });
    const seen: boolean[] = [];
    jobs.work("test.restart", async (_data, { signal }) => void seen.push(signal.aborted));
    await jobs.send("test.restart", {});
    await jobs.stop();
    await jobs.send("test.restart", {});
    expect(await jobs.runPending("test.restart")).toBe(2);
    expect(seen).toEqual([false, false]);
    await jobs.stop();
  });
});
