import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createReadiness, type Readiness } from "./http/health.ts";
import { startMetricsServer } from "./http/metrics-server.ts";
import type { JobRunner } from "./jobs/runner-types.ts";
import { answerClusterScrapes, processMetrics, scrapedGauge } from "./lib/metrics.ts";
import type { StreamSlots } from "./lib/stream-slots.ts";
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

/**
 * What a server process adds to its metrics (ADR 0093) once its database and jobs exist: the open
 * event streams, the connection pool's sessions, the job queues and the deals' transitions, read
 * at each scrape; in a worker, the primary's requests for this process's metrics answered.
 */
function observeProcess({
  database,
  jobs,
  streams,
  dealTransitions,
}: {
  database: Database;
  jobs: JobRunner;
  streams: StreamSlots;
  dealTransitions: () => Promise<{ transition: string; count: number }[]>;
}): void {
  answerClusterScrapes();
  scrapedGauge({
    name: "rarita_sse_connections",
    help: "Open server-sent event streams (live auctions, the bell)",
    labelNames: [],
    read: async () => [{ labels: {}, value: streams.open() }],
  });
  scrapedGauge({
    name: "rarita_db_pool_connections",
    help: "Sessions of the PostgreSQL connection pools: total, idle, and callers waiting for one",
    labelNames: ["state"],
    read: async () => {
      const stats = database.poolStats?.();
      if (!stats) return [];
      return (["total", "idle", "waiting"] as const).map((state) => ({
        labels: { state },
        value: stats[state],
      }));
    },
  });
  scrapedGauge({
    name: "rarita_jobs",
    help: "Jobs waiting (created, retry), running (active) and failed, by queue",
    labelNames: ["queue", "state"],
    // Every worker sees the same database: taken once, not added up.
    aggregator: "first",
    read: async () =>
      (await jobs.counts()).map((row) => ({
        labels: { queue: row.queue, state: row.state },
        value: row.count,
      })),
  });
  // A counter kept by the database (the deals' log of changes): every instance reports the same,
  // and a transition whose transaction rolled back is never counted.
  scrapedGauge({
    name: "rarita_deal_transitions",
    help: "Transitions of the deal lifecycle ever made, by name (deal.pay, deal.release, ...)",
    labelNames: ["transition"],
    aggregator: "first",
    read: async () =>
      (await dealTransitions()).map((row) => ({ labels: { transition: row.transition }, value: row.count })),
  });
}

/**
 * A server process's health and metrics (ADR 0093): its readiness (ready until SIGTERM), its gauges,
 * and when it is the only process (worker 0) its own metrics listener (METRICS_PORT; with workers
 * the primary runs it over all of them).
 */
export async function observeServer(
  config: Config,
  database: Database,
  services: Pick<Services, "jobs" | "streamSlots" | "deals">,
  logger: Logger,
  worker: number,
): Promise<{ readiness: Readiness; stopMetrics: () => Promise<void> }> {
  observeProcess({
    database,
    jobs: services.jobs,
    streams: services.streamSlots,
    dealTransitions: () => services.deals.transitionCounts(),
  });
  const server = worker === 0 ? await startMetricsServer(config, processMetrics, logger) : null;
  return {
    readiness: createReadiness(),
    stopMetrics: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
