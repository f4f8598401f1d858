import type { Context } from "hono";
import { readSmsOutbox, smsOutboxDir } from "../adapters/sms.ts";
import type { Config } from "../config.ts";
import type { AppEnv } from "./types.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * GET /dev/sms-outbox: the development SMS outbox as JSON (oldest first), for developers and the
 * browser tests, which read verification codes from it. Guarded like /dev/outbox (dev-outbox.ts):
 * only while no SMS gateway is configured, and in production only with DEV_OUTBOX=true and only
 * for callers on this machine, since the messages hold verification codes.
 */
export function devSmsOutbox(config: Pick<Config, "smsGateway" | "dataDir" | "env" | "devOutbox">) {
  const outboxDir = smsOutboxDir(config.dataDir);
  return async (c: Context<AppEnv>) => {
    const local = LOOPBACK.test(c.get("clientIp") ?? "");
    if (!config.devOutbox || config.smsGateway || (config.env === "production" && !local))
      return c.notFound();
    c.header("Cache-Control", "no-store");
    return c.json({
      note: "Development SMS outbox: SMS_GATEWAY_URL is not set, so text messages are stored here instead of being sent.",
      messages: await readSmsOutbox(outboxDir),
    });
  };
}
