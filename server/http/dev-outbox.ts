import path from "node:path";
import type { Context } from "hono";
import { readOutbox } from "../adapters/mail.ts";
import type { Config } from "../config.ts";
import type { AppEnv } from "./types.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * GET /dev/outbox: the development outbox as JSON, for developers and the browser tests (whose
 * server runs with NODE_ENV=production on a temporary DATA_DIR they cannot see).
 *
 * It answers only while no SMTP_URL is configured — then no mail leaves the machine anyway and
 * the outbox is the only place mails go — and, in production, only to callers on this machine:
 * the outbox holds password reset and confirmation links, which must never be public. Behind a
 * reverse proxy on the same host every caller looks local, so configure SMTP_URL there.
 * Mount: `app.get("/dev/outbox", devOutbox(config));` before the page handler.
 */
export function devOutbox(config: Pick<Config, "smtpUrl" | "dataDir" | "env">) {
  return async (c: Context<AppEnv>) => {
    const local = LOOPBACK.test(c.get("clientIp") ?? "");
    if (config.smtpUrl || (config.env === "production" && !local)) return c.notFound();
    const mails = await readOutbox(path.join(config.dataDir, "outbox"));
    c.header("Cache-Control", "no-store");
    return c.json({
      note: "Development outbox: SMTP_URL is not set, so mails are stored here instead of being sent.",
      mails,
    });
  };
}
