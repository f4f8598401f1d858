import type { Db } from "#server/db/client.ts";
import type { Notifier } from "../messages/index.ts";
import { createDeals } from "./deals.ts";
import { createReviewing } from "./give.ts";
import type { ReviewReads } from "./ports.ts";
import { createReceived } from "./received.ts";

/**
 * Reviews after a deal (issue 7): a product sold to a buyer (an auction won, or a classified the
 * seller marked sold to someone who wrote about it) lets the seller and the buyer rate each other
 * once, 1-5 stars with an optional comment (deals.ts, give.ts). The rated user may reply once;
 * anyone signed in may report a review to the operator. A user's average and count come from
 * user_ratings, which a trigger keeps in step with the reviews (migration 0006; received.ts).
 */
export function createReviewsService(deps: {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  reads: ReviewReads;
}) {
  const deals = createDeals(deps);
  return {
    ...deals,
    ...createReviewing({ ...deps, deal: deals.deal }),
    ...createReceived(deps),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
