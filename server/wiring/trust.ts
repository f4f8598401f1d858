import { completedDealCounts } from "#server/modules/deals/index.ts";
import { ratingsOf } from "#server/modules/reviews/index.ts";
import { createTrustBadges } from "#server/modules/trust-badges/index.ts";
import { publicAccounts } from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

/**
 * Trust at the moment of sale (issue 36): the badges of profiles, sellers and bidders, each fact
 * from its owner's batch read (docs/product/trust.md, "Badges").
 */
export function wireTrust({ db }: Base) {
  const trustBadges = createTrustBadges({
    // The age check and the traders' register land with their modules (issue 36, items 1 and 2).
    ageVerifications: async () => new Map(),
    traderVerifications: async () => new Map(),
    phoneVerifications: async (ids) => {
      const accounts = await publicAccounts(db, ids);
      const phones = new Map<number, Date>();
      for (const [id, account] of accounts)
        if (account.verifiedAt && !account.gone) phones.set(id, account.verifiedAt);
      return phones;
    },
    completedDeals: (ids) => completedDealCounts(db, ids),
    ratings: (ids) => ratingsOf(db, ids),
  });
  return { trustBadges };
}
