import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { err, ok, type Result } from "#core/result.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import { runnerUpOf } from "../bidding/index.ts";
import { type DealFlow, lockDeal, type MakeRefusal, type StartedDeal } from "../deals/index.ts";
import { isBiddingSuspended } from "./strikes.ts";
import { type SecondChanceOffer, secondChanceOffers } from "./tables.ts";

/**
 * The second-chance offer (issue 35, item 7): when the winner did not pay, the seller may offer
 * the item to the runner-up at the runner-up's own highest bid, open for the setting's hours
 * (48 by default). Accepting makes a new deal awaiting payment, as the auction's close would have.
 */

export type OfferRefusal =
  | "not_found"
  | "not_unpaid"
  | "no_runner_up"
  | "runner_up_suspended"
  | "already_offered";

export async function offerSecondChance(
  tx: Db,
  input: { dealId: number; sellerId: number; hours: number; now: Date },
): Promise<Result<SecondChanceOffer, OfferRefusal>> {
  const deal = await lockDeal(tx, input.dealId);
  if (!deal || deal.sellerId !== input.sellerId) return err("not_found");
  if (deal.status !== "cancelled_unpaid" || deal.source !== "auction") return err("not_unpaid");
  const runnerUp = await runnerUpOf(tx, deal.productId, deal.buyerId);
  if (!runnerUp) return err("no_runner_up");
  // A runner-up suspended for unpaid wins of their own could not accept it: the seller is told,
  // and may list the item again without a fee instead.
  if (await isBiddingSuspended(tx, runnerUp.userId, input.now)) return err("runner_up_suspended");
  const [offer] = await tx
    .insert(secondChanceOffers)
    .values({
      unpaidDealId: deal.id,
      productId: deal.productId,
      buyerId: runnerUp.userId,
      priceMinor: runnerUp.amountMinor,
      expiresAt: new Date(input.now.getTime() + input.hours * 60 * 60 * 1000),
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return offer ? ok(offer) : err("already_offered");
}

/** The runner-up's open offers (not accepted, declined or expired), newest first. */
export function openOffersOf(db: Db, userId: number, now: Date): Promise<SecondChanceOffer[]> {
  return db
    .select()
    .from(secondChanceOffers)
    .where(
      and(
        eq(secondChanceOffers.buyerId, userId),
        isNull(secondChanceOffers.acceptedDealId),
        isNull(secondChanceOffers.declinedAt),
        gt(secondChanceOffers.expiresAt, now),
      ),
    )
    .orderBy(desc(secondChanceOffers.id));
}

/** The offer made for a deal left unpaid, if any (the seller's deal page shows it). */
export async function offerOfUnpaidDeal(db: Db, dealId: number): Promise<SecondChanceOffer | null> {
  const [offer] = await db
    .select()
    .from(secondChanceOffers)
    .where(eq(secondChanceOffers.unpaidDealId, dealId));
  return offer ?? null;
}

export type AcceptRefusal = "not_found" | "expired" | "buyer_suspended" | MakeRefusal;

/** The runner-up accepts: a new deal at the offer's price, once (a repeat answers the same deal). */
export async function acceptOffer(
  tx: Db,
  input: {
    offerId: number;
    userId: number;
    now: Date;
    setting: DealsSetting;
    /** Starts the deal with its deadline and notices (the deals' flow). */
    startDeal: DealFlow["startDeal"];
    /** The listing's delivery options now (its deal terms). */
    optionsOf: (tx: Db, productId: number) => Promise<readonly DeliveryOption[]>;
  },
): Promise<Result<StartedDeal, AcceptRefusal>> {
  const [offer] = await tx
    .select()
    .from(secondChanceOffers)
    .where(eq(secondChanceOffers.id, input.offerId))
    .for("update");
  if (!offer || offer.buyerId !== input.userId || offer.declinedAt) return err("not_found");
  const unpaid = await lockDeal(tx, offer.unpaidDealId);
  if (!unpaid) return err("not_found");
  if (offer.acceptedDealId === null && offer.expiresAt <= input.now) return err("expired");
  // Suspended since the offer (strikes of another auction): refused as "Koupit" is.
  if (offer.acceptedDealId === null && (await isBiddingSuspended(tx, input.userId, input.now)))
    return err("buyer_suspended");
  const made = await input.startDeal(
    tx,
    input.setting,
    await input.optionsOf(tx, offer.productId),
    {
      source: "auction",
      productId: offer.productId,
      buyerId: offer.buyerId,
      sellerId: unpaid.sellerId,
      priceMinor: offer.priceMinor,
      requestKey: `second-chance:${offer.id}`,
      at: input.now,
    },
    { actorId: input.userId, reason: "second-chance offer accepted", at: input.now },
  );
  if (!made.ok) return made;
  if (offer.acceptedDealId === null)
    await tx
      .update(secondChanceOffers)
      .set({ acceptedDealId: made.value.deal.id })
      .where(eq(secondChanceOffers.id, offer.id));
  return made;
}

/** The runner-up declines: the offer closes (the seller may relist). */
export async function declineOffer(db: Db, offerId: number, userId: number, now: Date): Promise<boolean> {
  const declined = await db
    .update(secondChanceOffers)
    .set({ declinedAt: now })
    .where(
      and(
        eq(secondChanceOffers.id, offerId),
        eq(secondChanceOffers.buyerId, userId),
        isNull(secondChanceOffers.acceptedDealId),
        isNull(secondChanceOffers.declinedAt),
      ),
    )
    .returning({ id: secondChanceOffers.id });
  return declined.length > 0;
}
