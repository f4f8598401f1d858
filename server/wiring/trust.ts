import { completedDealCounts } from "#server/modules/deals/index.ts";
import { ratingsOf } from "#server/modules/reviews/index.ts";
import type { TradersService } from "#server/modules/traders/index.ts";
import { createTrustBadges, type TrustBadgeSources } from "#server/modules/trust-badges/index.ts";
import { publicAccounts } from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

/**
 * Trust at the moment of sale (issue 36): the badges of profiles, sellers and bidders, each fact
 * from its owner's batch read (docs/product/trust.md, "Badges").
 */
export function wireTrust(
  { db }: Pick<Base, "db">,
  {
    traders,
    ageVerifications,
  }: {
    traders: Pick<TradersService, "sellerKindsOf">;
    /** The age checks' methods and days (server/modules/age-check). */
    ageVerifications: TrustBadgeSources["ageVerifications"];
  },
) {
  const trustBadges = createTrustBadges({
    ageVerifications,
    // A trader ARES verified; a private seller, an unverified trader or an undeclared one: none.
    traderVerifications: async (ids) => {
      const verified = new Map<number, Date>();
      for (const [id, seller] of await traders.sellerKindsOf(ids))
        if (seller.aresVerifiedAt) verified.set(id, seller.aresVerifiedAt);
      return verified;
    },
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
