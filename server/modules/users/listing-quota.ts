import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/**
 * Listings a user may add before the account must be verified (docs/product/accounts.md, "Listing
 * quota").
 */
export const FREE_LISTINGS = 10;

export type ListingQuota = {
  verified: boolean;
  /** Listings that count against the free quota. */
  used: number;
  free: typeof FREE_LISTINGS;
  /** Free listings left before verification is needed (0 when used up; verified users have no limit). */
  left: number;
};

export type CanAddListing = { ok: true } | { ok: false; needsVerification: true };

/**
 * How many of a seller's listings count against the quota, inside the given transaction or on the
 * database (a port: listings.submittedListingCount, passed in by server/services.ts).
 */
export type SubmittedListingCount = (executor: Db, sellerId: number) => Promise<number>;

/**
 * docs/product/accounts.md, "Listing quota": an unverified account may submit 10 listings, then
 * verification is needed.
 *
 * What counts: every listing the user ever submitted, whatever became of it (active, ended,
 * sold, expired, rejected, cancelled after it went live). Otherwise ending or withdrawing a listing
 * and listing again would make the quota endless, and the rule is about how much an unverified
 * account may put before buyers, not how much it has on sale right now. What does not count:
 * drafts, and drafts the user cancelled before submitting them, since nobody ever saw those.
 *
 * The rule belongs to the account, the facts to the catalogue: the listings module counts
 * (submittedListingCount). The listing creation (issue 6) calls canAddListing before it creates a
 * listing and again before a draft is submitted.
 */
export function createListingQuotaService(db: Db, deps: { submittedListings: SubmittedListingCount }) {
  async function usage(userId: number, executor: Db = db): Promise<ListingQuota> {
    const [user] = await executor
      .select({ verifiedAt: users.verifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const used = await deps.submittedListings(executor, userId);
    return {
      verified: Boolean(user?.verifiedAt),
      used,
      free: FREE_LISTINGS,
      left: Math.max(0, FREE_LISTINGS - used),
    };
  }

  return {
    usage,

    /**
     * Whether the user may add one more listing now: within the free quota, or verified. Given a
     * transaction, it first locks the user's row, so two listings submitted at once cannot both
     * take the last free place (the second waits and then counts the first).
     */
    async canAddListing(userId: number, tx?: Db): Promise<CanAddListing> {
      if (tx) await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const quota = await usage(userId, tx);
      return quota.verified || quota.left > 0 ? { ok: true } : { ok: false, needsVerification: true };
    },
  };
}

export type ListingQuotaService = ReturnType<typeof createListingQuotaService>;
