import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import type { DealOffer } from "#core/contracts/deal-offer.ts";

/**
 * A listing's deal offer for the product page and its bid confirmation (issue 35, item 2): the
 * fees while deals through the site are offered (deal-terms' `availableDealFees`, which reads the
 * `deals` setting), the seller's delivery options, and the viewer's group discount as the signed-in
 * account carries it (the users module's read; a visitor has none). Null when deals are off or the
 * seller set no terms; a demand ad and a shop product never have one.
 */
export async function dealOfferFor(
  context: Readonly<RouterContextProvider>,
  product: { id: number; format: string; type: string },
): Promise<DealOffer | null> {
  if (product.format === "shop" || product.type === "demand") return null;
  const { services, user } = context.get(appContext);
  // The fees first (the settings, kept in memory): with deals off the page asks for no terms.
  const fees = await services.dealTerms.availableDealFees();
  if (!fees) return null;
  const terms = await services.dealTerms.termsOf(product.id);
  if (!terms) return null;
  // A classified that opted in: whether "Koupit" is offered to this viewer, or it is reserved.
  const buy =
    product.format === "classified" && terms.paysThroughSite
      ? await services.deals.buyState(product.id, user?.id ?? null)
      : undefined;
  return {
    fees,
    deliveryOptions: terms.deliveryOptions,
    buyerDiscountPercent: user?.group?.discount ?? 0,
    // An auction's winner always pays through the site; a classified when its seller opted in.
    paysThroughSite: product.format === "auction" || terms.paysThroughSite,
    ...(buy ? { buy } : {}),
  };
}
