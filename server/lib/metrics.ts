import cluster from "node:cluster";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (issue 38, item 5; ADR 0093), on prom-client: one registry per
 * process with Node's default metrics (CPU, memory, event loop lag, GC) and Rarita's own. Served by
 * server/http/health.ts (`/metrics` with METRICS_TOKEN) or server/http/metrics-server.ts
 * (METRICS_PORT); with several workers (ADR 0035) the primary adds the workers' registries up
 * (prom-client's AggregatorRegistry: counters and histograms summed, database-wide gauges taken
 * once).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "rarita_" });

const registers = [metricsRegistry];

/** Every answer, by method, route pattern and status: its count is `_count`. */
export const httpRequestDuration = new Histogram({
  name: "rarita_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route pattern (page, cached, static, or /api/...) and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** Bids through the API: accepted, or refused with the service's code. */
export const bidOutcomes = new Counter({
  name: "rarita_bids_total",
  help: "Bids placed through the API, by outcome (accepted or the refusal's code)",
  labelNames: ["outcome"] as const,
  registers,
});

/** The payment provider's webhooks for deals and the card gateway's, as received. */
export const paymentEvents = new Counter({
  name: "rarita_payment_events_total",
  help: "Payment webhooks received, by source (deals, cards) and outcome (stored, duplicate, refused)",
  labelNames: ["source", "outcome"] as const,
  registers,
});

/** Statements of the reads that may be a second stale (ADR 0099): on the replica, or on the primary when it failed. */
export const replicaReads = new Counter({
  name: "rarita_replica_reads_total",
  help: "Statements of the stale-tolerant reads (listings, search, archive) by where they ran: replica, or fallback (primary, the replica failing)",
  labelNames: ["outcome"] as const,
  registers,
});

/** A gauge whose values are read when scraped: one statement per scrape, not per change. */
export function scrapedGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
  /** Values that are the same database seen by every worker are taken once, not added up. */
  aggregator?: "sum" | "first";
  read: () => Promise<{ labels: Record<L, string>; value: number }[]>;
}): Gauge<L> {
  // Once per name and process (a test may build a second server in the same process).
  metricsRegistry.removeSingleMetric(options.name);
  return new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    aggregator: options.aggregator ?? "sum",
    registers,
    async collect() {
      this.reset();
      for (const { labels, value } of await options.read()) this.set(labels, value);
    },
  });
}

/** The metrics of this process in Prometheus's text format. */
export async function processMetrics(): Promise<{ body: string; contentType: string }> {
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
}

/**
 * In a worker: answer the primary's requests for this process's metrics (prom-client's listener,
 * installed by constructing an AggregatorRegistry once, over this registry).
 */
export function answerClusterScrapes(): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
}

let aggregator: AggregatorRegistry<"text/plain; version=0.0.4; charset=utf-8"> | undefined;

/** In the primary: every worker's metrics added up (their default metrics included). */
export async function clusterMetrics(): Promise<{ body: string; contentType: string }> {
  aggregator ??= new AggregatorRegistry();
  return { body: await aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

const CLUSTER_REQUEST = "rarita:cluster-metrics-request";
const CLUSTER_ANSWER = "rarita:cluster-metrics-answer";
type ClusterAnswer = {
  type: typeof CLUSTER_ANSWER;
  id: number;
  body?: string;
  contentType?: string;
  error?: string;
};

/** In the primary: a worker asked for the cluster's metrics (its /metrics with METRICS_TOKEN). */
export function answerWorkersClusterRequests(): void {
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== CLUSTER_REQUEST) return;
    clusterMetrics().then(
      ({ body, contentType }) => worker.send({ type: CLUSTER_ANSWER, id: message.id, body, contentType }),
      (error: Error) => worker.send({ type: CLUSTER_ANSWER, id: message.id, error: error.message }),
    );
  });
}

let nextRequest = 0;

/** The metrics a scrape sees: this process's alone, or with several workers the cluster's, from the primary. */
export function scrapeMetrics(timeoutMs = 5000): Promise<{ body: string; contentType: string }> {
  if (!cluster.isWorker || !process.send) return processMetrics();
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer the metrics request"));
    }, timeoutMs);
    const onMessage = (message: ClusterAnswer) => {
      if (message?.type !== CLUSTER_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined || message.body === undefined) reject(new Error(message.error));
      else resolve({ body: message.body, contentType: message.contentType ?? metricsRegistry.contentType });
    };
    process.on("message", onMessage);
    process.send?.({ type: CLUSTER_REQUEST, id });
  });
}
