import { screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, test } from "vitest";
import { DealOfferContext } from "#app/features/product/bidding/all-in.tsx";
import type { BidActionData } from "#app/features/product/bidding/bid-answer.ts";
import { BidForm } from "#app/features/product/bidding/bid-form.tsx";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DealOffer } from "#core/contracts/deal-offer.ts";
import { allInBreakdown } from "#core/rules/all-in.ts";

/**
 * The bid box's all-in total (issue 35, item 2): under the amount as it is typed, from the offer the
 * page passes (fees, the cheapest delivery, the viewer's discount), and the server's breakdown in
 * the binding confirmation. Nothing shows without an offer (deals off or no terms).
 */

type Live = ComponentProps<typeof BidForm>["live"];

const LIVE: Live = {
  productId: 42,
  status: "active",
  startPriceMinor: 100_000,
  priceMinor: 100_000,
  minimumNextBidMinor: 105_000,
  minimumCeilingMinor: 110_000,
  bidCount: 1,
  endsAt: "2031-06-30T18:00:00.000Z",
  endedAt: null,
  hasReserve: false,
  reserveMet: false,
  buyNowPriceMinor: null,
  lastBidId: 10,
  serverNow: "2031-06-20T10:00:00.000Z",
};

/** The seeded fees (5 % + 10 Kč, at least 29 Kč), Zásilkovna 89 Kč, PPL 120 Kč and pickup in Praha. */
const OFFER: DealOffer = {
  fees: { buyerProtection: { percentBp: 500, fixedMinor: 1000, minMinor: 2900 }, sellerCommissionBp: 0 },
  deliveryOptions: [
    { carrier: "ppl", priceMinor: 12_000 },
    { carrier: "zasilkovna", priceMinor: 8900 },
    { carrier: "pickup", town: "Praha" },
  ],
  buyerDiscountPercent: 0,
  paysThroughSite: true,
};

/** The action's confirmation with the server's breakdown of the posted amount (here the same rule). */
const confirmWithAllIn =
  (offer: DealOffer) =>
  (form: FormData): BidActionData => {
    const amountMinor = Number(form.get("amount")) * 100;
    return {
      intent: "bid",
      status: "confirm",
      amountMinor,
      maxMinor: null,
      raise: false,
      notAboveMinor: null,
      allIn: allInBreakdown(offer, amountMinor),
    };
  };

/** A stub product page: the offer from its loader in the context the real page sets, and the bid form. */
function Page({
  loaderData,
  actionData,
}: {
  loaderData: { offer: DealOffer | null };
  actionData?: BidActionData;
}) {
  return (
    <DealOfferContext value={loaderData.offer}>
      <BidForm live={LIVE} standing={null} action={actionData} />
    </DealOfferContext>
  );
}

function renderWithOffer(offer: DealOffer | null) {
  const recorder = recordingAction(confirmWithAllIn(offer ?? OFFER));
  const url = "/42/rum/hampden";
  const page = { offer };
  return renderRoute(
    { id: "product", path: url, loader: () => page, action: recorder.action, Component: Page },
    { user: {}, url, loaderData: { product: page } },
  );
}

const amountField = () => screen.getByLabelText<HTMLInputElement>("Váš příhoz");

describe("the bid box's all-in total", () => {
  test("follows the amount as it is typed: price + cheapest shipping + buyer protection", async () => {
    const { user } = renderWithOffer(OFFER);
    // 1 050 Kč + 89 Kč (Zásilkovna, cheaper than PPL; pickup is not shipping) + 62,50 Kč (5 % + 10 Kč).
    expect(textOf(screen.getByTestId("bid-all-in"))).toBe(
      "Celkem s doručením a ochranou kupujícího: 1 201,50 Kč",
    );
    await user.clear(amountField());
    await user.type(amountField(), "20000");
    // 20 000 + 89 + 1 010.
    expect(textOf(screen.getByTestId("bid-all-in"))).toBe(
      "Celkem s doručením a ochranou kupujícího: 21 099,00 Kč",
    );
    await user.clear(amountField());
    await user.type(amountField(), "abc");
    expect(screen.queryByTestId("bid-all-in")).toBeNull();
  });

  test("takes the viewer's group discount off the buyer-protection fee", () => {
    renderWithOffer({ ...OFFER, buyerDiscountPercent: 10 });
    // 62,50 Kč less 10 % = 56,25 Kč.
    expect(textOf(screen.getByTestId("bid-all-in"))).toBe(
      "Celkem s doručením a ochranou kupujícího: 1 195,25 Kč",
    );
  });

  test("the confirmation shows the server's breakdown: price, delivery named, protection, total", async () => {
    const { user } = renderWithOffer(OFFER);
    await user.click(screen.getByRole("button", { name: "Přihodit" }));
    const dialog = await screen.findByRole("alertdialog");
    const breakdown = within(dialog).getByTestId("bid-confirm-all-in");
    expect(textOf(within(breakdown).getByTestId("bid-confirm-all-in-price"))).toBe("Cena1 050,00 Kč");
    expect(textOf(within(breakdown).getByTestId("bid-confirm-all-in-delivery"))).toBe(
      "Doručení: Zásilkovna89,00 Kč",
    );
    expect(textOf(within(breakdown).getByTestId("bid-confirm-all-in-protection"))).toBe(
      "Ochrana kupujícího62,50 Kč",
    );
    expect(textOf(within(breakdown).getByTestId("bid-confirm-all-in-total"))).toBe("Celkem1 201,50 Kč");
  });

  test("shows nothing without an offer", () => {
    renderWithOffer(null);
    expect(screen.queryByTestId("bid-all-in")).toBeNull();
  });
});
