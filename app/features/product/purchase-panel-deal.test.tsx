import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { DealOfferContext } from "#app/features/product/bidding/all-in.tsx";
import { OfferPanel } from "#app/features/product/purchase-panel.tsx";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DealOffer } from "#core/contracts/deal-offer.ts";
import type { ProductDetail } from "#core/contracts/product.ts";
import { PRODUCT, PRODUCT_URL } from "./test-fixtures.ts";

/**
 * A fixed-price classified whose seller takes payment through the site shows what the buyer pays
 * (issue 35, item 2): price, the cheapest delivery named, buyer protection, total, and "Koupit"
 * (or "Rezervováno"). Not without the opt-in, nor for a price by agreement.
 */

const CLASSIFIED: ProductDetail = {
  ...PRODUCT,
  format: "classified",
  type: "supply",
  status: "active",
  priceMinor: 250_000,
  auction: null,
};

const OFFER: DealOffer = {
  fees: { buyerProtection: { percentBp: 500, fixedMinor: 1000, minMinor: 2900 }, sellerCommissionBp: 0 },
  deliveryOptions: [
    { carrier: "ceska_posta", priceMinor: 14_900 },
    { carrier: "pickup", town: "Brno" },
  ],
  buyerDiscountPercent: 0,
  paysThroughSite: true,
};

function Page({ loaderData }: { loaderData: { product: ProductDetail; offer: DealOffer | null } }) {
  return (
    <DealOfferContext value={loaderData.offer}>
      <OfferPanel product={loaderData.product} watch={null} action={null} />
    </DealOfferContext>
  );
}

function renderPanel(product: ProductDetail, offer: DealOffer | null) {
  const page = { product, offer };
  return renderRoute(
    { id: "product", path: PRODUCT_URL, loader: () => page, Component: Page },
    { url: PRODUCT_URL, loaderData: { product: page } },
  );
}

describe("the classified's deal breakdown", () => {
  test("shows price, the cheapest shipping named, protection and the total", async () => {
    renderPanel(CLASSIFIED, OFFER);
    const deal = await screen.findByTestId("offer-deal");
    expect(textOf(within(deal).getByTestId("offer-all-in-delivery"))).toBe("Doručení: Česká pošta149,00 Kč");
    // 2 500 Kč + 149 Kč + (125 + 10 Kč).
    expect(textOf(within(deal).getByTestId("offer-all-in-protection"))).toBe("Ochrana kupujícího135,00 Kč");
    expect(textOf(within(deal).getByTestId("offer-all-in-total"))).toBe("Celkem2 784,00 Kč");
    expect(within(deal).queryByTestId("offer-buy")).toBeNull();
  });

  test("offers Koupit to a buyer, says Rezervováno while a deal holds it, and tells the seller how it is bought", async () => {
    let view = renderPanel(CLASSIFIED, { ...OFFER, buy: { state: "buyable" } });
    const buy = await screen.findByTestId("offer-buy");
    expect(textOf(buy)).toBe("Koupit");
    expect(buy.getAttribute("href")).toBe(`/ucet/koupit/${CLASSIFIED.id}`);
    view.unmount();
    view = renderPanel(CLASSIFIED, { ...OFFER, buy: { state: "reserved" } });
    expect(textOf(await screen.findByTestId("offer-reserved"))).toContain("Rezervováno");
    expect(screen.queryByTestId("offer-buy")).toBeNull();
    view.unmount();
    view = renderPanel(CLASSIFIED, { ...OFFER, buy: { state: "own" } });
    await screen.findByTestId("offer-buy-own");
    expect(screen.queryByTestId("offer-buy")).toBeNull();
    view.unmount();
    renderPanel(CLASSIFIED, { ...OFFER, buy: { state: "mine", dealId: 7 } });
    expect((await screen.findByTestId("offer-buy")).getAttribute("href")).toBe("/ucet/obchody/7");
  });

  test("is not shown without the opt-in, for a price by agreement, or without an offer", async () => {
    for (const [product, offer] of [
      [CLASSIFIED, { ...OFFER, paysThroughSite: false }],
      [{ ...CLASSIFIED, priceMinor: null }, OFFER],
      [CLASSIFIED, null],
    ] as const) {
      const view = renderPanel(product, offer);
      await screen.findByTestId("offer-panel");
      expect(screen.queryByTestId("offer-deal")).toBeNull();
      view.unmount();
    }
  });
});
