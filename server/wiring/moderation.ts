import { recordAudit } from "#server/modules/admin/index.ts";
import { createAltcha } from "#server/modules/auth/index.ts";
import {
  listingCountOf,
  listingForModeration,
  listingsInReview,
} from "#server/modules/listing-admin-reads/index.ts";
import type { ListingScheduler } from "#server/modules/listings/index.ts";
import { createListingModeration } from "#server/modules/listings/index.ts";
import {
  messageForModeration,
  type Notifier,
  takeOpenMessageReports,
} from "#server/modules/messages/index.ts";
import { createModerationService } from "#server/modules/moderation/index.ts";
import { reviewForModeration, takeOpenReviewReports } from "#server/modules/reviews/index.ts";
import { createShillSignalsService, fingerprintKey } from "#server/modules/shill-signals/index.ts";
import {
  accountsForModeration,
  blockAccount,
  liftAccountRestriction,
  suspendAccount,
} from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

/**
 * Moderation (server/modules/moderation): it reaches the listings, the accounts, the messages and
 * the reviews through their owners' named reads and operations, passed in here.
 */
export function wireModeration(
  { db, mail, config, jobs, logger }: Base,
  { notifier, scheduler }: { notifier: Notifier; scheduler: ListingScheduler },
) {
  const moderation = createModerationService({
    db,
    mail,
    config,
    notifier,
    audit: recordAudit,
    altcha: createAltcha({ purpose: "report", hmacKey: config.altchaHmacKey }),
    listings: {
      ...createListingModeration({ scheduler, notifier }),
      read: listingForModeration,
      inReview: listingsInReview,
      countOf: listingCountOf,
    },
    accounts: {
      read: accountsForModeration,
      suspend: suspendAccount,
      block: blockAccount,
      lift: liftAccountRestriction,
    },
    content: { message: messageForModeration, review: reviewForModeration },
    olderReports: { message: takeOpenMessageReports, review: takeOpenReviewReports },
  });
  // The shill-bidding signals (ADR 0087): a moderator decides on each, through moderation's decisions.
  const shillSignals = createShillSignalsService({
    db,
    jobs,
    logger,
    recordAudit,
    fingerprintKey: fingerprintKey(config.fingerprintHmacKey, config.dataDir),
  });
  void shillSignals
    .registerJobs()
    .catch((err) => logger.error({ err }, "could not register the shill-bidding signals' check"));
  return { moderation, shillSignals };
}
