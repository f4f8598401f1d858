import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { MarketplaceMethod } from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err } from "#core/result.ts";
import { caches, PUBLIC_FROM_JOB_TAG } from "#server/lib/cache.ts";
import { sellThroughDeal } from "../../listings/index.ts";
import { startCharge, syncCharge } from "../charges.ts";
import { scheduleShipping } from "../deadlines.ts";
import { dealCharges } from "../tables/provider.ts";
import { lockDeal } from "../transitions.ts";
import { receiveWebhook } from "../webhooks.ts";
import type { FlowContext } from "./context.ts";

/**
 * Making a deal and paying it (issue 35, items 1 and 3): the deal of a sold auction, the buyer's
 * charge at the provider, the provider's word on it (its webhook or the buyer's return), and the
 * seller's payout account.
 */
export function paymentSteps(ctx: FlowContext) {
  const { db, jobs, marketplace, notices, now, setting } = ctx;

  /**
   * Applies what the provider says of a charge: paid, the ship-by deadline's job with the seller's
   * reminders and the notices ride on the payment's transaction; money to give back lets the provider calls run.
   * A classified sold by the payment leaves the public pages kept for anonymous visitors on every
   * instance once it committed: its job answers no request whose write would have cleared them.
   */
  async function applyCharge(chargeId: string) {
    if (!marketplace) return "unknown" as const;
    const on = await setting();
    let sold = false;
    const outcome = await syncCharge(
      db,
      marketplace,
      chargeId,
      on?.shipWorkingDays ?? 5,
      now(),
      async (tx, deal) => {
        if (deal.shipBy) await scheduleShipping(jobs, tx, { id: deal.id, shipBy: deal.shipBy }, on, now());
        // A classified bought through the site is sold once paid (an auction was sold at its close).
        if (deal.source !== "auction") {
          await sellThroughDeal(tx, deal.productId, deal.buyerId, now());
          sold = true;
        }
        await notices.paid(tx, deal);
      },
    );
    if (sold && outcome === "paid") caches.invalidate({ tag: PUBLIC_FROM_JOB_TAG });
    if (outcome === "refunding") await ctx.kickCalls();
    return outcome;
  }

  return {
    applyCharge,

    /** The buyer pays: the provider's page to go to. */
    async startPayment(dealId: number, buyerId: number, method: MarketplaceMethod, locale: Locale) {
      if (!marketplace || !(await setting())) return err("unavailable" as const);
      return startCharge(db, marketplace, {
        dealId,
        buyerId,
        method,
        locale,
        dealUrl: ctx.dealUrl(dealId, locale),
      });
    },

    /** Back from the provider's page: its word on the deal's latest charge (never the URL's). */
    async returnedFromPayment(dealId: number, buyerId: number) {
      const [charge] = await db
        .select()
        .from(dealCharges)
        .where(and(eq(dealCharges.dealId, dealId), isNotNull(dealCharges.chargeId)))
        .orderBy(desc(dealCharges.id))
        .limit(1);
      const deal = await db.transaction((tx) => lockDeal(tx, dealId));
      if (!charge?.chargeId || deal?.buyerId !== buyerId) return "unknown" as const;
      return applyCharge(charge.chargeId);
    },

    /** A webhook as it came: verified, stored once, processed by its job. */
    async receiveWebhook(provider: string, rawBody: string, signature: string | undefined) {
      if (!marketplace || provider !== marketplace.provider) return "unknown_provider" as const;
      return receiveWebhook(db, jobs, marketplace, rawBody, signature);
    },
  };
}
