import path from "node:path";
import { sql } from "drizzle-orm";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import {
  createDurableMailer,
  createMailTransport,
  type Mailer,
  type MailTransport,
} from "#server/adapters/mail.ts";
import { createConfiguredMarketplace } from "#server/adapters/marketplace/index.ts";
import { createSmsSender, type SmsSender, smsOutboxDir } from "#server/adapters/sms.ts";
import type { Config } from "#server/config.ts";
import type { Database, Db } from "#server/db/client.ts";
import { createNotificationListener, type NotificationListener } from "#server/db/listen.ts";
import { createShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";

/** What every area is wired on: the database, the configuration, the job runner and the adapters. */
export type Base = {
  database: Database;
  db: Db;
  config: Config;
  logger: Logger;
  jobs: JobRunner;
  mail: Mailer;
  sms: SmsSender;
  /** The process's LISTEN connection (server/db/listen.ts), opened when something listens. */
  listener: NotificationListener;
  /** Settings, currencies, the category tree and banners kept in memory until they change. */
  shellData: ShellDataCache;
  /**
   * The deals' payment provider (ADR 0074): Stripe, or the simulator through the same adapter;
   * null when none is configured (deals are then not paid through the site).
   */
  marketplace: MarketplacePayments | null;
};

/**
 * Mail (durable: each mail is a job, so it survives a restart) and SMS, through the transports a
 * test passes or the configured ones (an outbox folder when no gateway is set); the deals' payment
 * provider; the notification listener and the shell data kept in memory.
 */
export function wireAdapters({
  database,
  config,
  logger,
  jobs,
  mailTransport,
  smsSender,
  marketplace,
}: Omit<Base, "db" | "mail" | "sms" | "listener" | "shellData" | "marketplace"> & {
  mailTransport?: MailTransport;
  smsSender?: SmsSender;
  /** A test's provider (the simulator's adapter); else the configured one. */
  marketplace?: MarketplacePayments | null;
}): Base {
  const transport =
    mailTransport ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, "outbox"),
    });
  const mail = createDurableMailer({ jobs, logger, transport });
  const sms =
    smsSender ??
    createSmsSender({ gateway: config.smsGateway, outboxDir: smsOutboxDir(config.dataDir), logger });
  const listener = createNotificationListener({ database, logger });
  const shellData = createShellDataCache({ database, listener, logger });
  return {
    database,
    db: database.db,
    config,
    logger,
    jobs,
    mail,
    sms,
    listener,
    shellData,
    marketplace: marketplace === undefined ? createConfiguredMarketplace(config) : marketplace,
  };
}

/** Whether the database answers (the health check). */
export function databaseHealth(db: Db) {
  return {
    async database(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
