import type { Server } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";

/**
 * Stops accepting connections, lets in-flight requests finish, then runs `cleanup` (closing the
 * database releases the data-directory lock). Idle keep-alive sockets are closed at once so they
 * do not hold the process open.
 *
 * When the deadline passes first, the remaining connections are cut and `cleanup` still runs: an
 * embedded database left unclosed may lose its last writes and keeps its lock file. Resolves true
 * when every request finished in time, false when some had to be cut. `cleanup` runs exactly once.
 */
const IDLE_SWEEP_MS = 50;

export function closeGracefully(
  server: Server | Http2Server | Http2SecureServer,
  cleanup: () => Promise<void>,
  timeoutMs = 10_000,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let finished = false;
    let sweeper: NodeJS.Timeout | undefined;
    const finish = async (clean: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearInterval(sweeper);
      try {
        await cleanup();
        resolve(clean);
      } catch (error) {
        reject(error);
      }
    };
    const timer = setTimeout(() => {
      // Cut the requests that are still running, so they stop touching the database we close.
      if ("closeAllConnections" in server) server.closeAllConnections();
      void finish(false);
    }, timeoutMs);
    server.close(() => void finish(true));
    // A keep-alive connection turns idle when its last request is answered, and would otherwise
    // hold the close up until its keep-alive timeout: close idle ones as they appear.
    if ("closeIdleConnections" in server) {
      server.closeIdleConnections();
      sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    }
  });
}
