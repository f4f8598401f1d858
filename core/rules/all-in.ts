import type { AllInBreakdown, DealOffer } from "../contracts/deal-offer.ts";
import { allInTotal } from "./deal-fees.ts";
import { cheapestDeliveryOption } from "./delivery.ts";

/**
 * The all-in total of a price for a listing's deal offer ("celkem s doručením a ochranou
 * kupujícího", docs/product/deals.md): `allInTotal` with the delivery it counted named. One
 * function for the bid box (as the bidder types), the bid confirmation (on the server) and the
 * purchase panel, so the three never differ. Null without delivery options or for no price.
 */
export function allInBreakdown(offer: DealOffer, priceMinor: number): AllInBreakdown | null {
  if (!Number.isSafeInteger(priceMinor) || priceMinor <= 0) return null;
  const delivery = cheapestDeliveryOption(offer.deliveryOptions);
  const amounts = allInTotal(offer.fees, priceMinor, offer.deliveryOptions, offer.buyerDiscountPercent);
  if (delivery === null || amounts === null) return null;
  return {
    priceMinor: amounts.priceMinor,
    delivery,
    deliveryMinor: amounts.deliveryMinor,
    protectionMinor: amounts.buyerProtection.amountMinor,
    discountPercent: amounts.buyerProtection.discountPercent,
    totalMinor: amounts.totalMinor,
  };
}
