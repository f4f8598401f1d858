import { createServer, type Server } from "node:http";
import { type Config, ConfigError } from "../config.ts";
import type { Logger } from "../logger.ts";

type Scrape = () => Promise<{ body: string; contentType: string }>;

/**
 * Prometheus's own listener (METRICS_PORT, ADR 0093): `GET /metrics` without a token, on an
 * address of its own (METRICS_HOST, 127.0.0.1 by default) that the public proxy does not forward.
 * With several workers the primary runs it over the whole cluster (server/workers.ts); otherwise
 * the server process itself. Anything else is a 404. Resolves with no server when it is not asked for.
 */
export async function startMetricsServer(
  config: Config,
  scrape: Scrape,
  logger: Logger,
): Promise<Server | null> {
  const { port, host } = config.metrics;
  if (port === undefined) return null;
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
      return;
    }
    scrape().then(
      ({ body, contentType }) =>
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      (err: unknown) => {
        logger.error({ err }, "collecting the metrics failed");
        response.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics unavailable");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE" || error.code === "EACCES" || error.code === "EADDRNOTAVAIL"
          ? new ConfigError(
              `Invalid METRICS_PORT="${port}": cannot listen on ${host}:${port} (${error.code})`,
            )
          : error,
      ),
    );
    server.listen(port, host, () => resolve(server));
  });
}
