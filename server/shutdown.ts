import type { Server } from "node:http";
import type { Database } from "./db/client.ts";
import type { JobRunner } from "./jobs/runner.ts";
import type { Logger } from "./logger.ts";

/** Requests get 10 s, then the jobs 10 s: past this the process exits without waiting further. */
const SHUTDOWN_DEADLINE_MS = 30_000;

/**
 * The process's stop (server/main.ts, on SIGTERM or SIGINT once the server listens): the HTTP
 * server closes (requests get 10 s), then the job runner (its handlers are told at once and get
 * 10 s, ADR 0150), the payment simulator and the database; then the process exits.
 */
export async function shutdown(
  signal: string,
  server: Server,
  database: Database,
  logger: Logger,
  jobs: JobRunner,
  stopSimulator: () => Promise<void>,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
) {
  logger.info({ signal }, "shutting down");
  // The last resort: a statement or a handler that outlives every deadline below (pool.end() waits
  // for the connections in use) must not keep a stopped server running until someone kills it.
  const deadline = setTimeout(() => {
    logger.error({ afterMs: deadlineMs }, "shutdown did not finish in time; exiting");
    process.exit(1);
  }, deadlineMs).unref();
  const { closeGracefully } = await import("./http/shutdown.ts");
  try {
    // The database is closed (and the lock released) even when requests outlast the deadline.
    // Job workers stop first: a running job finishes or is handed back to the queue for the next start.
    const clean = await closeGracefully(server, async () => {
      await jobs.stop().catch((err) => logger.error({ err }, "stopping the job runner failed"));
      await stopSimulator().catch((err) => logger.error({ err }, "stopping the payment simulator failed"));
      await database.close();
    });
    clearTimeout(deadline);
    logger.info(clean ? "stopped" : "shutdown deadline passed; open requests were cut, database closed");
    process.exit(clean ? 0 : 1);
  } catch (error) {
    clearTimeout(deadline);
    logger.error({ err: error }, "closing the database failed");
    process.exit(1);
  }
}
