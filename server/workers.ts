import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "./config.ts";
import { startMetricsServer } from "./http/metrics-server.ts";
import { answerWorkersClusterRequests, clusterMetrics } from "./lib/metrics.ts";
import type { Logger } from "./logger.ts";

/**
 * Several Node processes on one machine (ADR 0035): with WORKERS > 1 (PostgreSQL only) this
 * process is the primary. It starts the first worker alone (it migrates the database and seeds
 * the demo data), then the others; they all listen on the same port (node:cluster hands the
 * connections round-robin). What every worker must agree on is passed to them: the ALTCHA key and
 * the test gateway's secret (else each would draw its own). The rate limiters count in PostgreSQL,
 * together with every other instance (ADR 0095). The primary answers for the metrics of all of
 * them (ADR 0093). A worker that dies is replaced; SIGTERM or
 * SIGINT stops every worker gracefully (each finishes its requests and jobs) and then the primary.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const env: Record<string, string> = { ALTCHA_HMAC_KEY: config.altchaHmacKey };
  if (config.testGateway) env.TEST_GATEWAY_SECRET = config.testGateway.secret;
  let stopping = false;
  const started = new Map<number, number>();

  const fork = (index: number): Worker => {
    const worker = cluster.fork({ ...env, RARITA_WORKER_INDEX: String(index) });
    started.set(worker.id, Date.now());
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      const quick = Date.now() - (started.get(worker.id) ?? 0) < 10_000;
      logger.error(
        { worker: index, code, signal },
        quick ? "worker failed at start" : "worker died; starting another",
      );
      // A worker that cannot even start (a bad build, the database gone) would only loop.
      if (quick) return stopAll(1);
      fork(index);
    });
    return worker;
  };

  function stopAll(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once("exit", (code) => {
        if (code !== 0) exitCode = exitCode || 1;
        if (--left === 0) process.exit(exitCode);
      });
      worker.process.kill("SIGTERM");
    }
  }
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));

  // The metrics of every worker added up: asked for by a worker's /metrics, or on METRICS_PORT here.
  // Before any worker starts: a METRICS_PORT that is taken stops the start with no worker left behind.
  answerWorkersClusterRequests();
  await startMetricsServer(config, clusterMetrics, logger);

  // Workers run the server itself, also when the primary came from scripts/start.ts.
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts") });
  const first = fork(1);
  await new Promise<void>((resolve) => first.once("listening", () => resolve()));
  const others = Array.from({ length: config.workers - 1 }, (_, i) => fork(i + 2));
  await Promise.all(others.map((w) => new Promise((resolve) => w.once("listening", resolve))));
  logger.info({ workers: config.workers }, "workers listening");
}

/** This process's worker number (1…WORKERS), or 0 when it is not a cluster worker. */
export function workerIndex(): number {
  return cluster.isWorker ? Number(process.env.RARITA_WORKER_INDEX ?? cluster.worker?.id ?? 0) : 0;
}

export const isPrimary = (config: Config) => config.workers > 1 && cluster.isPrimary;
