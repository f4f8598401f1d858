import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";

/** What the modules use to send a text message. `phone` is the full number with its prefix. */
export type SmsSender = {
  kind: "gateway" | "outbox";
  send(phone: string, text: string): Promise<void>;
};

/** A text message as the development outbox stores it. */
export type OutboxSms = { id: string; to: string; text: string; sentAt: string; file: string };

/**
 * The SMS gateway when SMS_GATEWAY_URL is set, otherwise the development outbox.
 *
 * Gateway: a generic HTTP adapter. It POSTs `{"to": "+420601234567", "text": "..."}` as JSON with
 * `Authorization: Bearer <SMS_GATEWAY_TOKEN>` and takes any 2xx answer as accepted; anything else,
 * or no answer within 10 s, throws (the caller tells the user to try again). A provider with
 * another request shape gets its own adapter behind the same interface.
 *
 * Outbox: each message is written to DATA_DIR/outbox/sms/<time>-<id>.json and logged at info
 * level with its text (that is how a developer sees the code; nothing else secret is in it).
 * Never use it in production: set the gateway there.
 */
export function createSmsSender(options: {
  gateway?: Config["smsGateway"];
  outboxDir: string;
  logger?: Pick<Logger, "info">;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): SmsSender {
  const { gateway } = options;
  if (gateway) {
    const doFetch = options.fetch ?? fetch;
    return {
      kind: "gateway",
      async send(phone, text) {
        const headers: Record<string, string> = {
          "Content-Type": "application/json",
          Accept: "application/json",
        };
        if (gateway.token) headers.Authorization = `Bearer ${gateway.token}`;
        const response = await doFetch(gateway.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to: phone, text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        // The error names the status only: the message text (the code) stays out of error logs.
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      },
    };
  }
  return {
    kind: "outbox",
    async send(phone, text) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const id = randomUUID();
      const sentAt = new Date();
      const name = `${sentAt.toISOString().replace(/[:.]/g, "-")}-${id}.json`;
      const temporary = path.join(options.outboxDir, `.${name}.tmp`);
      // Written whole, then renamed: a reader never sees half a message.
      await fs.writeFile(
        temporary,
        JSON.stringify({ id, to: phone, text, sentAt: sentAt.toISOString() }, null, 2),
      );
      await fs.rename(temporary, path.join(options.outboxDir, name));
      options.logger?.info(
        { to: phone, text },
        "SMS written to the development outbox (no SMS gateway configured)",
      );
    },
  };
}

/** The development SMS outbox's folder. */
export const smsOutboxDir = (dataDir: string) => path.join(dataDir, "outbox", "sms");

/** The outbox's messages, oldest first (file names start with the sending time). */
export async function readSmsOutbox(outboxDir: string): Promise<OutboxSms[]> {
  let files: string[];
  try {
    files = (await fs.readdir(outboxDir)).filter((f) => f.endsWith(".json") && !f.startsWith(".")).sort();
  } catch {
    return [];
  }
  const messages = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, ...JSON.parse(await fs.readFile(path.join(outboxDir, file), "utf8")) } as OutboxSms;
      } catch {
        return null;
      }
    }),
  );
  return messages.filter((message): message is OutboxSms => message !== null);
}
