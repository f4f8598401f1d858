import { and, eq, isNull } from "drizzle-orm";
import type { DealDeliveryChoice } from "#core/contracts/deals.ts";
import { err, ok } from "#core/result.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { dealCharges } from "../tables/provider.ts";
import { type DealRecord, deals } from "../tables.ts";
import { lockDeal } from "../transitions.ts";
import type { FlowContext } from "./context.ts";

const priceOf = (option: DeliveryOption) => ("priceMinor" in option ? option.priceMinor : 0);
const isChosen = (deal: DealRecord, option: DeliveryOption) =>
  option.carrier === "pickup" ? deal.carrier === null : deal.carrier === option.carrier;

/**
 * The buyer's delivery at the pay step (issue 35, item 2): a deal is made with the listing's
 * cheapest shipping, and until it is paid the buyer may take another of the listing's options.
 * Only the delivery and the total change (the fees do not depend on it); the price of the option
 * is the listing's. A card page opened for the old total is left: paid after all, its money goes
 * back (the ledger takes a deal's total only); an open bank transfer keeps the delivery, since
 * the buyer may already have sent that amount.
 */
export function deliveryChoiceSteps(ctx: FlowContext) {
  const { db, now } = ctx;

  return {
    /** The options the buyer may choose between now; empty when it is not theirs to choose. */
    async deliveryChoices(dealId: number, buyerId: number): Promise<DealDeliveryChoice[]> {
      const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
      if (!deal || deal.buyerId !== buyerId || deal.status !== "awaiting_payment") return [];
      const terms = await ctx.terms.termsOf(deal.productId);
      const options = terms?.deliveryOptions ?? [];
      if (options.length < 2) return [];
      return options.map((option) => ({
        option,
        deliveryMinor: priceOf(option),
        totalMinor: deal.priceMinor + priceOf(option) + deal.buyerFeeMinor,
        chosen: isChosen(deal, option),
      }));
    },

    /** The buyer takes another of the listing's options before paying. */
    async chooseDelivery(dealId: number, buyerId: number, carrier: string) {
      if (!(await ctx.setting())) return err("unavailable" as const);
      const [read] = await db.select({ productId: deals.productId }).from(deals).where(eq(deals.id, dealId));
      const terms = read ? await ctx.terms.termsOf(read.productId) : null;
      const option = terms?.deliveryOptions.find((one) => one.carrier === carrier);
      return db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.buyerId !== buyerId) return err("not_found" as const);
        if (deal.status !== "awaiting_payment") return err("not_payable" as const);
        if (!option) return err("delivery_not_offered" as const);
        const [transfer] = await tx
          .select({ id: dealCharges.id })
          .from(dealCharges)
          .where(
            and(
              eq(dealCharges.dealId, deal.id),
              eq(dealCharges.method, "bank_transfer"),
              isNull(dealCharges.endedAt),
            ),
          );
        if (transfer) return err("transfer_started" as const);
        const deliveryMinor = priceOf(option);
        const [updated] = await tx
          .update(deals)
          .set({
            carrier: option.carrier === "pickup" ? null : option.carrier,
            pickupTown: option.carrier === "pickup" ? option.town : null,
            deliveryMinor,
            totalMinor: deal.priceMinor + deliveryMinor + deal.buyerFeeMinor,
            updatedAt: now(),
          })
          .where(eq(deals.id, deal.id))
          .returning();
        return ok(updated);
      });
    },
  };
}
