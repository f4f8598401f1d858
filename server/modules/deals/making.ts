import type { DealSource } from "#core/lifecycles/deal.ts";
import { err, ok, type Result } from "#core/result.ts";
import { dealAmounts, readDealFees } from "#core/rules/deal-fees.ts";
import { cheapestDeliveryOption } from "#core/rules/delivery.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import { groupDiscountsOf } from "../users/index.ts";
import type { DealRecord } from "./tables.ts";
import { createDeal, type DealActor } from "./transitions.ts";

/**
 * Making a deal (issue 35, item 1): the money frozen from the `deals` setting of the moment, the
 * buyer's and the seller's group discounts and the listing's delivery options (the cheapest
 * shipping, as the all-in total of the bid box counted, core/rules/delivery.ts; or the buyer's
 * choice among them, its price the listing's).
 */

/** What the seller offers on a listing for a deal through the site (the deal-terms of the listing). */
export type ListingDealTerms = { paysThroughSite: boolean; deliveryOptions: DeliveryOption[] };

/** Where the deals read a listing's terms (the listing's deal terms module, wired in server/wiring). */
export type DealTermsSource = { termsOf(productId: number, tx?: Db): Promise<ListingDealTerms | null> };

export type MakeRefusal = "deals_off" | "no_terms" | "delivery_not_offered" | "key_reused" | "taken";

export type DealRequest = {
  source: DealSource;
  productId: number;
  buyerId: number;
  sellerId: number;
  priceMinor: number;
  requestKey: string;
  at: Date;
  /**
   * The buyer's choice among the listing's options (each carrier, and pickup, is offered at most
   * once; the price is the listing's, never the client's); without one, the cheapest shipping.
   */
  carrier?: DeliveryOption["carrier"];
};

/** The `deals` setting when deals through the site are on, else null. */
export function dealsSettingIfOn(value: unknown): DealsSetting | null {
  const setting = value as DealsSetting | undefined;
  return setting?.enabled === true && readDealFees(setting) ? setting : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function makeDeal(
  tx: Db,
  setting: DealsSetting,
  options: readonly DeliveryOption[],
  request: DealRequest,
  actor: DealActor,
): Promise<Result<{ deal: DealRecord; created: boolean }, MakeRefusal>> {
  const fees = readDealFees(setting);
  if (!fees) return err("deals_off");
  if (options.length === 0) return err("no_terms");
  const delivery = request.carrier
    ? options.find((option) => option.carrier === request.carrier)
    : cheapestDeliveryOption(options);
  if (!delivery) return err(request.carrier ? "delivery_not_offered" : "no_terms");
  const discounts = await groupDiscountsOf(tx, [request.buyerId, request.sellerId]);
  const amounts = dealAmounts(fees, request.priceMinor, "priceMinor" in delivery ? delivery.priceMinor : 0, {
    buyerPercent: discounts.get(request.buyerId) ?? 0,
    sellerPercent: discounts.get(request.sellerId) ?? 0,
  });
  const made = await createDeal(
    tx,
    {
      source: request.source,
      productId: request.productId,
      buyerId: request.buyerId,
      sellerId: request.sellerId,
      priceMinor: amounts.priceMinor,
      deliveryMinor: amounts.deliveryMinor,
      buyerFeeMinor: amounts.buyerProtection.amountMinor,
      sellerCommissionMinor: amounts.commission.amountMinor,
      carrier: delivery.carrier === "pickup" ? null : delivery.carrier,
      pickupTown: delivery.carrier === "pickup" ? delivery.town : null,
      payBy: new Date(request.at.getTime() + setting.payDays * DAY_MS),
      requestKey: request.requestKey,
    },
    actor,
  );
  return made.ok ? ok(made.value) : err(made.code);
}
