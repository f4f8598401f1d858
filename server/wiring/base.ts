import fs from "node:fs";
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
import { createObjectStorage } from "#server/adapters/storage/index.ts";
import type { Config } from "#server/config.ts";
import { type Database, type Db, migrationsFolder } from "#server/db/client.ts";
import { createNotificationListener, type NotificationListener } from "#server/db/listen.ts";
import { createShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import { rowsOf } from "#server/db/rows.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import type { Logger } from "#server/logger.ts";
import { createImageVariants, type ImageVariants } from "#server/modules/media/index.ts";

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
  /** Where uploads, dispute photos and image variants are kept (ADR 0094): DATA_DIR or a bucket. */
  storage: ObjectStorage;
  /** The resized pictures (/img/...), rendered into the same storage; one per process. */
  imageVariants: ImageVariants;
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
  storage,
}: Omit<
  Base,
  "db" | "mail" | "sms" | "listener" | "shellData" | "marketplace" | "storage" | "imageVariants"
> & {
  mailTransport?: MailTransport;
  smsSender?: SmsSender;
  /** A test's provider (the simulator's adapter); else the configured one. */
  marketplace?: MarketplacePayments | null;
  /** A test's storage; else the configured one. */
  storage?: ObjectStorage;
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
  const files = storage ?? createObjectStorage(config);
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
    storage: files,
    imageVariants: createImageVariants({ storage: files, logger }),
  };
}

/** The storage of uploads, dispute photos and image variants (ADR 0094), and the variants' renderer. */
export function filesOf({ storage, imageVariants }: Base) {
  return { storage, imageVariants };
}

/** The last migration of this build (drizzle's journal), read once: its `when` is what the migrator records. */
let lastMigration: number | undefined;
function lastMigrationMillis(): number {
  if (lastMigration === undefined) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: { when: number }[];
    };
    lastMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return lastMigration;
}

/** Whether the database answers, and whether it has every migration of this build (the health checks). */
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
    /** drizzle's migrator records each applied migration's `when` as created_at (schema "drizzle"). */
    async migrationsCurrent(): Promise<boolean> {
      try {
        const rows = rowsOf<{ last: string | null }>(
          await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
        );
        return Number(rows[0]?.last ?? 0) >= lastMigrationMillis();
      } catch {
        return false;
      }
    },
  };
}
