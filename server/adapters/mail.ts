import fs from "node:fs/promises";
import path from "node:path";
import { DrizzleQueryError } from "drizzle-orm/errors";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import type { JobRunner } from "../jobs/runner.ts";
import type { Logger } from "../logger.ts";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/**
 * What the modules use to send mail. `send` does not talk to a mail server: it queues the mail as
 * a durable job (see createDurableMailer), so an SMTP outage or a crash delays a mail but never
 * loses it. Pass the open transaction as `tx` when the mail belongs to a change being written:
 * the mail is then queued if and only if that change commits.
 */
export type Mailer = {
  kind: "smtp" | "outbox";
  send(mail: OutgoingMail, options?: { tx?: Db }): Promise<void>;
};

/** The delivery itself, run by the mail job's worker. */
export type MailTransport = {
  kind: "smtp" | "outbox";
  /** `id` is the job's id, the same on every attempt: redelivery after a crash is recognisable. */
  deliver(mail: OutgoingMail, meta: { id: string }): Promise<void>;
};

/** A mail as the development outbox stores it. */
export type OutboxMail = OutgoingMail & { id: string; from: string; sentAt: string; file: string };

export const MAIL_QUEUE = "mail.send";

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail is written as a JSON file to the
 * development outbox (DATA_DIR/outbox), where a developer, the /dev/outbox page or a test reads it.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    // Bounded waits: a hanging server fails the attempt (and the job retries) instead of holding
    // the worker for nodemailer's default of minutes.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? "rarita.local";
    return {
      kind: "smtp",
      async deliver(mail, { id }) {
        // One Message-ID per job: if a crash makes us send a mail twice, clients can tell.
        await transport.sendMail({ from: options.from, messageId: `<${id}@${domain}>`, ...mail });
      },
    };
  }
  return {
    kind: "outbox",
    async deliver(mail, { id }) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const existing = await fs.readdir(options.outboxDir);
      // A retried job whose first attempt already wrote its file must not list the mail twice.
      if (existing.some((f) => f.endsWith(`-${id}.json`))) return;
      const sentAt = new Date();
      const name = `${sentAt.toISOString().replace(/[:.]/g, "-")}-${id}.json`;
      const temporary = path.join(options.outboxDir, `.${name}.tmp`);
      // Written whole, then renamed: a crash never leaves half a mail for the outbox page to choke on.
      await fs.writeFile(
        temporary,
        JSON.stringify({ id, from: options.from, sentAt: sentAt.toISOString(), ...mail }, null, 2),
      );
      await fs.rename(temporary, path.join(options.outboxDir, name));
    },
  };
}

export type MailRetryPolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
};

/**
 * About 7 hours of attempts: 10, 20, 40 s, 1.3, 2.7 ... minutes (with jitter), then hourly, 14
 * retries. The first retry comes soon because most failures are short: a restart after a crash, a
 * blip of the SMTP server.
 * A longer SMTP outage leaves the job failed in the job table, where an operator can retry it.
 */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = {
  retryLimit: 14,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 3600,
};

/**
 * The mail module: `send` queues a `mail.send` job (in the caller's transaction when given one);
 * the job's worker delivers through the transport, and a failed delivery (SMTP down, 4xx answer)
 * is retried with exponential backoff. Delivery is at-least-once: a crash between the server's
 * acceptance and the job's completion sends the mail again, with the same Message-ID.
 *
 * The job row holds the whole mail, links with tokens included, so finished mail jobs are deleted
 * after a day; the tokens themselves expire sooner. Logs name the job, never the mail's content.
 */
export function createDurableMailer(options: {
  jobs: JobRunner;
  transport: MailTransport;
  logger?: Pick<Logger, "info">;
  retry?: Partial<MailRetryPolicy>;
}): Mailer {
  const { jobs, transport, logger } = options;
  const retry = { ...DEFAULT_MAIL_RETRY, ...options.retry };
  jobs.define(MAIL_QUEUE, {
    retryLimit: retry.retryLimit,
    retryDelaySeconds: retry.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: retry.retryDelayMaxSeconds,
    expireInSeconds: 300,
    deleteAfterSeconds: 24 * 3600,
    notify: true,
  });
  jobs.work<OutgoingMail>(MAIL_QUEUE, async (mail, job) => {
    await transport.deliver(mail, { id: job.id });
    logger?.info({ jobId: job.id, transport: transport.kind, attempt: job.retryCount + 1 }, "mail delivered");
  });
  return {
    kind: transport.kind,
    async send(mail, sendOptions = {}) {
      const { to, subject, text, html, headers } = mail;
      try {
        await jobs.send(MAIL_QUEUE, { to, subject, text, html, headers }, { tx: sendOptions.tx });
      } catch (error) {
        // Drizzle's query errors quote the statement's parameters, which here are the mail itself,
        // reset links included, and callers log what they catch: pass on the SQLSTATE only.
        if (error instanceof DrizzleQueryError) {
          const code = (error.cause as { code?: string } | undefined)?.code;
          throw new Error(`mail could not be queued${code ? ` (SQLSTATE ${code})` : ""}`);
        }
        throw error;
      }
    },
  };
}

const isOutboxFile = (name: string) => name.endsWith(".json") && !name.startsWith(".");

/** The outbox's mails, oldest first (file names start with the delivery time). */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await fs.readdir(outboxDir)).filter(isOutboxFile).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, ...JSON.parse(await fs.readFile(path.join(outboxDir, file), "utf8")) } as OutboxMail;
      } catch {
        return null;
      }
    }),
  );
  return mails.filter((mail): mail is OutboxMail => mail !== null);
}
