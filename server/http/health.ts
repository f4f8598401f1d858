import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { scrapeMetrics } from "../lib/metrics.ts";
import type { AppEnv } from "./types.ts";

/**
 * Health checks and metrics (issue 38, item 5; ADR 0093), ahead of the locale, session and page
 * layers: a load balancer or Prometheus has no cookie and must never get a cached or redirected
 * answer.
 * - `GET /health/live`: the process runs and answers (200). A restart is for when this fails.
 * - `GET /health/ready`: it should get traffic: the database answers, has every migration of this
 *   build, and the process is not stopping (503 with the reason otherwise). A rolling deploy waits
 *   for it; SIGTERM turns it 503 first so the balancer stops sending before the server closes.
 *   Its `terms` says whether the live listing terms are in memory yet (ADR 0129).
 * - `GET /metrics`: Prometheus's text format, only with `Authorization: Bearer <METRICS_TOKEN>`
 *   (401 otherwise); 404 when METRICS_TOKEN is not set (METRICS_PORT serves them on a listener
 *   of its own instead, server/http/metrics-server.ts).
 */

/** Whether the process still takes traffic: `drain()` on SIGTERM. */
export type Readiness = { readonly draining: boolean; drain(): void };

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

export function registerHealthRoutes(
  app: Hono<AppEnv>,
  { readiness, metricsToken }: { readiness?: Readiness; metricsToken: string | undefined },
): void {
  app.get("/health/live", (c) => c.json({ status: "ok" }, 200, NO_STORE));

  app.get("/health/ready", async (c) => {
    if (readiness?.draining) return c.json({ status: "stopping" }, 503, NO_STORE);
    const health = c.get("services").health;
    if (!(await health.database()))
      return c.json({ status: "unavailable", database: "unreachable" }, 503, NO_STORE);
    if (!(await health.migrationsCurrent()))
      return c.json({ status: "unavailable", database: "migrations pending" }, 503, NO_STORE);
    // The live listing terms in memory (ADR 0129) do not hold traffic back: the SQL path answers
    // until they are loaded. Said here for operators and the benchmarks, which wait for them.
    const terms = c.get("services").termsIndex?.status() ?? "off";
    return c.json({ status: "ready", database: "ok", terms }, 200, NO_STORE);
  });

  app.get("/metrics", async (c) => {
    if (!metricsToken) return c.text("Not Found", 404, NO_STORE);
    if (!bearerMatches(c.req.header("authorization"), metricsToken))
      return c.text("Unauthorized", 401, { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="metrics"' });
    const { body, contentType } = await scrapeMetrics();
    return c.body(body, 200, { ...NO_STORE, "Content-Type": contentType });
  });
}

/** `Bearer <token>` compared in constant time (a timing difference must not spell the token out). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
