import type { AgeProofMethod } from "#core/contracts/age-proof.ts";
import { NO_BADGES, type TrustBadges } from "#core/contracts/trust-badges.ts";
import { pragueDayOf } from "#core/time/prague.ts";

type Ids = readonly number[];

/**
 * Where each badge's fact comes from (issue 36, item 5), each the owning module's batch read
 * handed in by the wiring (server/wiring/trust.ts), so this module owns no table and imports none:
 * the age check's verifications, the accounts' SMS confirmation, the traders' ARES check, the
 * deals finished and the reviews' ratings.
 */
export type TrustBadgeSources = {
  ageVerifications(ids: Ids): Promise<ReadonlyMap<number, { method: AgeProofMethod; at: Date }>>;
  phoneVerifications(ids: Ids): Promise<ReadonlyMap<number, Date>>;
  traderVerifications(ids: Ids): Promise<ReadonlyMap<number, Date>>;
  completedDeals(ids: Ids): Promise<ReadonlyMap<number, number>>;
  ratings(ids: Ids): Promise<ReadonlyMap<number, { average: number; count: number }>>;
};

/** The checks a page cannot read from the account or the reviews it already has: age, trader, deals. */
export type TrustChecks = Pick<TrustBadges, "age" | "trader" | "completedDeals">;

export type TrustBadgesService = ReturnType<typeof createTrustBadges>;

/** An account's checks as the badges show them, from its age proof, ARES check and deals finished. */
export function trustChecks(
  age: { method: AgeProofMethod; at: Date } | null | undefined,
  traderAt: Date | null | undefined,
  completedDeals: number | undefined,
): TrustChecks {
  return {
    age: age ? { method: age.method, on: pragueDayOf(age.at) } : null,
    trader: traderAt ? { on: pragueDayOf(traderAt) } : null,
    completedDeals: completedDeals ?? 0,
  };
}

/** The badges of several accounts at once: one read per source, whatever the number of accounts. */
export function createTrustBadges(sources: TrustBadgeSources) {
  async function checksOf(userIds: Ids): Promise<Map<number, TrustChecks>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const [ages, traders, deals] = await Promise.all([
      sources.ageVerifications(ids),
      sources.traderVerifications(ids),
      sources.completedDeals(ids),
    ]);
    const checks = new Map<number, TrustChecks>();
    for (const id of ids) checks.set(id, trustChecks(ages.get(id), traders.get(id), deals.get(id)));
    return checks;
  }

  return {
    /**
     * The checks without the phone and the rating, for a page that has read the accounts and the
     * ratings already (the product page: server/modules/listing-reads/detail).
     */
    checksOf,

    /** Every badge of the given accounts (a profile). */
    async badgesOf(userIds: Ids): Promise<Map<number, TrustBadges>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const [checks, phones, ratings] = await Promise.all([
        checksOf(ids),
        sources.phoneVerifications(ids),
        sources.ratings(ids),
      ]);
      const badges = new Map<number, TrustBadges>();
      for (const id of ids) {
        const phone = phones.get(id);
        badges.set(id, {
          ...NO_BADGES,
          ...checks.get(id),
          phone: phone ? { on: pragueDayOf(phone) } : null,
          rating: ratings.get(id) ?? null,
        });
      }
      return badges;
    },
  };
}
