import { categoryChains } from "#server/modules/catalog/index.ts";
import { productSummaries, soldDealsOf } from "#server/modules/listing-reads/index.ts";
import {
  createMessagesService,
  createNotifier,
  registerMessageJobs,
} from "#server/modules/messages/index.ts";
import { createReviewsService } from "#server/modules/reviews/index.ts";
import {
  publicNamesOf,
  recipientsOf,
  saveNotificationSwitches,
  switchOffNotification,
} from "#server/modules/users/index.ts";
import { createWishlistService } from "#server/modules/wishlist/index.ts";
import type { Base } from "./base.ts";
import { wirePush } from "./push.ts";

/**
 * Notices (system messages and their mails), reviews, conversations and wishlists
 * (server/modules/messages, reviews, wishlist), and web push (server/modules/push). The notifier comes first, since bidding,
 * listings, reviews and watchdogs tell users; they read the users' and the listings' rows
 * through these functions of the owners.
 */
export function wireNoticesAndConversations(base: Base) {
  const { db, jobs, mail, config, logger } = base;
  const users = { recipientsOf, publicNamesOf, saveNotificationSwitches, switchOffNotification };
  // Web push (ADR 0110): the notifier and the conversations queue pushes through its outbox.
  const push = wirePush(base);
  const notifier = createNotifier({ db, mail, config, users, products: { productSummaries }, push });
  const reviews = createReviewsService({
    db,
    notifier,
    reads: { soldDealsOf, productSummaries, publicNamesOf },
  });
  const messages = createMessagesService({
    db,
    jobs,
    notifier,
    config,
    users,
    products: { productSummaries },
    reviewedDeals: reviews.reviewedDeals,
    logger,
    push,
  });
  registerMessageJobs(jobs, messages);
  const wishlist = createWishlistService({ db, reads: { productSummaries, categoryChains } });
  return { notifier, reviews, messages, wishlist, push };
}
