import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./types.ts";

/**
 * Gives each request an id (the caller's X-Request-Id when it is sane, else a new UUID), returns
 * it in the response, and writes one log line when the response is done. Query strings are left
 * out of the log because reset links and searches can carry personal data.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    let clientIp = "unknown";
    try {
      clientIp = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // Not on a Node socket (in-process requests in tests).
    }
    c.set("clientIp", clientIp);
    c.set("logger", logger.child({ requestId }));
    const started = performance.now();
    try {
      await next();
    } finally {
      c.header("X-Request-Id", requestId);
      const status = c.res.status;
      logger[status >= 500 ? "error" : "info"]({
        requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get("user")?.id,
      });
    }
  };
}
