import type { Db } from "#server/db/client.ts";
import { AUCTION_DEAL_QUEUE, type FlowContext } from "./context.ts";

export type AuctionSale = {
  productId: number;
  winnerId: number;
  sellerId: number;
  priceMinor: number;
  at: Date;
};

/** A sold auction becomes a deal (issue 35, item 1): asked in the close's transaction, made by a job. */
export function makingSteps(ctx: FlowContext) {
  const { db, jobs, startDeal } = ctx;

  /**
   * The deal of a sold auction, made by its job after the close committed. The close decided
   * that a deal follows (its notices told the winner to pay on the site), so the deal is made
   * even if deals were switched off in between.
   */
  async function makeAuctionDeal(sale: AuctionSale): Promise<"made" | "skipped"> {
    const on = await ctx.promisedSetting();
    if (!on) return "skipped";
    const terms = await ctx.terms.termsOf(sale.productId);
    if (!terms || terms.deliveryOptions.length === 0) return "skipped";
    return db.transaction(async (tx) => {
      const made = await startDeal(
        tx,
        on,
        terms.deliveryOptions,
        { source: "auction", ...sale, buyerId: sale.winnerId, requestKey: `auction:${sale.productId}` },
        { actorId: null, reason: null, at: sale.at },
      );
      return made.ok ? "made" : "skipped";
    });
  }

  return {
    makeAuctionDeal,
    /**
     * The close of a sold auction asks for its deal, in the close's own transaction: when deals
     * are on and the auction offers delivery, the deal's job is sent and the close's notices say
     * to pay on the site.
     */
    async onAuctionSold(tx: Db, sale: AuctionSale): Promise<boolean> {
      if (!(await ctx.settingIn(tx))) return false;
      const terms = await ctx.terms.termsOf(sale.productId, tx);
      if (!terms || terms.deliveryOptions.length === 0) return false;
      await jobs.send(AUCTION_DEAL_QUEUE, { ...sale, at: sale.at.toISOString() }, { tx });
      return true;
    },
  };
}
