import { eq } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { err } from "#core/result.ts";
import { liveDealOf } from "../buying-quote.ts";
import { offerRowsOf, secondChanceStateOf } from "../reads.ts";
import {
  acceptOffer,
  declineOffer,
  offerOfUnpaidDeal,
  offerSecondChance,
  openOffersOf,
} from "../second-chance.ts";
import { isBiddingSuspended } from "../strikes.ts";
import { deals } from "../tables.ts";
import { lockDeal } from "../transitions.ts";
import type { FlowContext } from "./context.ts";

/** The winner who does not pay (issue 35, item 7): strikes and the second-chance offer. */
export function secondChanceSteps(ctx: FlowContext) {
  const { db, notices, now, setting } = ctx;
  return {
    /** Two won auctions left unpaid in 12 months, not cleared by the operator: no bidding. */
    biddingSuspended: (userId: number) => isBiddingSuspended(db, userId, now()),

    /** The seller of a deal left unpaid offers the item to the runner-up at their highest bid. */
    async offerSecondChance(dealId: number, sellerId: number) {
      const on = await setting();
      if (!on) return err("unavailable" as const);
      return db.transaction(async (tx) => {
        const offered = await offerSecondChance(tx, {
          dealId,
          sellerId,
          hours: on.secondChanceHours,
          now: now(),
        });
        if (!offered.ok) return offered;
        const deal = await lockDeal(tx, dealId);
        if (deal) await notices.secondChance(tx, deal, offered.value);
        return offered;
      });
    },
    /**
     * May the seller list the item of a deal the winner left unpaid again, without a fee (issue
     * 35, item 7)? Its listing's id when so: the deal is the seller's, ended unpaid, no other deal
     * holds the item and no second-chance offer is open or accepted. The listings relist it.
     */
    async unpaidRelistable(dealId: number, sellerId: number): Promise<number | null> {
      const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
      if (
        !deal ||
        deal.sellerId !== sellerId ||
        deal.status !== "cancelled_unpaid" ||
        deal.source !== "auction"
      )
        return null;
      if (await liveDealOf(db, deal.productId)) return null;
      const offer = secondChanceStateOf(await offerOfUnpaidDeal(db, deal.id), 0, now()).offer;
      return offer === null || offer.state === "declined" || offer.state === "expired"
        ? deal.productId
        : null;
    },
    /** The seller's second chance on a deal the winner left unpaid (its page); null where it does not apply. */
    async secondChanceOf(deal: { id: number; status: string; source: string; role: string }) {
      const on = await setting();
      if (!on || deal.role !== "seller" || deal.status !== "cancelled_unpaid" || deal.source !== "auction")
        return null;
      return secondChanceStateOf(await offerOfUnpaidDeal(db, deal.id), on.secondChanceHours, now());
    },
    /** The user's open second-chance offers (Nákupy). */
    openOffers: (userId: number) => openOffersOf(db, userId, now()),
    openOfferRows: async (userId: number, locale: Locale) =>
      offerRowsOf(db, await openOffersOf(db, userId, now()), locale),

    /** The runner-up accepts: a new deal to pay, as the auction's close would have made. */
    async acceptOffer(offerId: number, userId: number) {
      const on = await setting();
      if (!on) return err("deals_off" as const);
      return db.transaction(async (tx) => {
        const accepted = await acceptOffer(tx, {
          offerId,
          userId,
          now: now(),
          setting: on,
          startDeal: ctx.startDeal,
          // Read in the offer's transaction (a read beside it would wait for it on one connection).
          optionsOf: async (inner, productId) =>
            (await ctx.terms.termsOf(productId, inner))?.deliveryOptions ?? [],
        });
        return accepted;
      });
    },
    declineOffer: (offerId: number, userId: number) => declineOffer(db, offerId, userId, now()),
  };
}
