import { and, eq, inArray } from "drizzle-orm";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { Db } from "#server/db/client.ts";
import { queueTransferIfReady } from "./provider-calls.ts";
import { type SellerPayoutAccount, sellerPayoutAccounts } from "./tables/provider.ts";
import { deals } from "./tables.ts";
import { lockDeal } from "./transitions.ts";

/**
 * The sellers' accounts at the provider (issue 35, item 3): the provider checks who the seller is
 * on its own pages (Rarita keeps no identity documents), and transfers wait until it says payouts
 * are enabled. The account is opened once per seller: its idempotency key is the seller's.
 */

export async function payoutAccountOf(db: Db, userId: number): Promise<SellerPayoutAccount | null> {
  const [row] = await db.select().from(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.userId, userId));
  return row ?? null;
}

/** Opens the seller's account if needed and answers the provider's page where they prove who they are. */
export async function onboardingUrl(
  db: Db,
  marketplace: MarketplacePayments,
  seller: { userId: number; email: string },
  urls: { returnUrl: string; refreshUrl: string },
): Promise<string> {
  let account = await payoutAccountOf(db, seller.userId);
  if (!account) {
    const { accountId } = await marketplace.createSellerAccount(
      { reference: `user:${seller.userId}`, email: seller.email },
      `user:${seller.userId}:account`,
    );
    await db
      .insert(sellerPayoutAccounts)
      .values({ userId: seller.userId, provider: marketplace.provider, accountId })
      .onConflictDoNothing();
    account = await payoutAccountOf(db, seller.userId);
  }
  if (!account) throw new Error("the seller's payout account could not be stored");
  return (await marketplace.onboardingLink(account.accountId, urls)).url;
}

/**
 * Reads the account's state at the provider and stores it; once payouts are enabled, the transfers
 * of the seller's settled deals are decided. Answers how many were.
 */
export async function syncSellerAccount(
  db: Db,
  marketplace: MarketplacePayments,
  accountId: string,
): Promise<number> {
  const state = await marketplace.sellerAccount(accountId);
  if (!state) return 0;
  const [account] = await db
    .update(sellerPayoutAccounts)
    .set({ payoutsEnabled: state.payoutsEnabled })
    .where(eq(sellerPayoutAccounts.accountId, accountId))
    .returning();
  if (!account?.payoutsEnabled) return 0;
  const settled = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(eq(deals.sellerId, account.userId), inArray(deals.status, ["completed", "partially_refunded"])),
    );
  let queued = 0;
  for (const { id } of settled) {
    const made = await db.transaction(async (tx) => {
      const deal = await lockDeal(tx, id);
      return deal ? queueTransferIfReady(tx, deal) : false;
    });
    if (made) queued += 1;
  }
  return queued;
}
