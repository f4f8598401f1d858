import type { SecondChanceOfferRow, SecondChanceState } from "#core/contracts/deals.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { productSummaries, summaryName } from "../listing-reads/index.ts";
import type { SecondChanceOffer } from "./tables.ts";

/** The runner-up's open second-chance offers with their items, for Nákupy. */
export async function offerRowsOf(
  db: Db,
  offers: SecondChanceOffer[],
  locale: Locale,
): Promise<SecondChanceOfferRow[]> {
  const products = await productSummaries(
    db,
    offers.map((offer) => offer.productId),
  );
  return offers.map((offer) => {
    const product = products.get(offer.productId);
    return {
      id: offer.id,
      productId: offer.productId,
      productName: summaryName(product, locale),
      image: product?.image ?? null,
      priceMinor: offer.priceMinor,
      expiresAt: offer.expiresAt.toISOString(),
    };
  });
}

/** The seller's second chance on a deal the winner left unpaid: the offer made, if any, and its state. */
export function secondChanceStateOf(
  offer: SecondChanceOffer | null,
  hours: number,
  now: Date,
): SecondChanceState {
  if (!offer) return { hours, offer: null };
  const state = offer.acceptedDealId
    ? "accepted"
    : offer.declinedAt
      ? "declined"
      : offer.expiresAt <= now
        ? "expired"
        : "open";
  return { hours, offer: { priceMinor: offer.priceMinor, expiresAt: offer.expiresAt.toISOString(), state } };
}
