import type { Server } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";

/**
 * Stops accepting connections, lets in-flight requests finish, then runs `cleanup` (closing the
 * database releases the data-directory lock). Idle keep-alive sockets are closed at once so they
 * do not hold the process open. Resolves false when the deadline passes first.
 */
export function closeGracefully(
  server: Server | Http2Server | Http2SecureServer,
  cleanup: () => Promise<void>,
  timeoutMs = 10_000,
): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
    server.close(async () => {
      try {
        await cleanup();
      } finally {
        clearTimeout(timer);
        resolve(true);
      }
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
}
