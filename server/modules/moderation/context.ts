import type { Locale } from "#core/i18n/index.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { AuditEntry } from "../admin/index.ts";
import type { Altcha } from "../auth/index.ts";
import type { ListingForModeration, ListingInReview } from "../listing-admin-reads/index.ts";
import type { ListingModeration } from "../listings/index.ts";
import type { Notifier } from "../messages/index.ts";
import type { AccountForModeration, AccountRestriction } from "../users/index.ts";

/**
 * What moderation works with (server/wiring/moderation.ts passes it): the other modules' named
 * reads and operations, so that the listings, the accounts, the messages and the reviews stay their
 * owners' own.
 */
export type ModerationDeps = {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  notifier: Pick<Notifier, "notify">;
  audit: (tx: Db, entry: AuditEntry) => Promise<void>;
  altcha: Pick<Altcha, "issue" | "verify">;
  listings: ListingModeration & {
    read(db: Db, id: number): Promise<ListingForModeration | null>;
    inReview(
      db: Db,
      page: { limit: number; offset: number },
    ): Promise<{ rows: ListingInReview[]; total: number }>;
    countOf(db: Db, sellerId: number): Promise<number>;
  };
  accounts: {
    read(db: Db, ids: number[]): Promise<Map<number, AccountForModeration>>;
    suspend(tx: Db, userId: number, until: Date): Promise<AccountRestriction | null>;
    block(tx: Db, userId: number, reason: string): Promise<AccountRestriction | null>;
    lift(
      tx: Db,
      userId: number,
      measure?: "suspension" | "block" | "both",
    ): Promise<AccountRestriction | null>;
  };
  /** A message's or a review's author and text (the messages and reviews modules). */
  content: {
    message(db: Db, id: number): Promise<{ authorId: number | null; text: string } | null>;
    review(db: Db, id: number): Promise<{ authorId: number | null; text: string } | null>;
  };
  /**
   * The older reports of messages and reviews (their owners' own "report" buttons), handed over in
   * the caller's transaction so that the queue shows every report.
   */
  olderReports?: {
    message(tx: Db): Promise<LegacyReport[]>;
    review(tx: Db): Promise<LegacyReport[]>;
  };
  /** Reports per guest address or user and window (a fresh one per service unless given). */
  reportLimiter?: RateLimiter;
  now?: () => Date;
};

export type LegacyReport = { targetId: number; reporterId: number | null; reason: string; createdAt: Date };

export type ModerationContext = Omit<ModerationDeps, "reportLimiter" | "now"> & {
  reportLimiter: RateLimiter;
  now: () => Date;
};

/** Who acts: a moderator (their id) and where from, for the audit (in `complain`, the user who complains). */
export type Moderator = { id: number; ip?: string | null; locale: Locale };
