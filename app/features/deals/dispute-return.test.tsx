import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DealPageView, DisputeView } from "#core/contracts/deals.ts";
import { DealDispute } from "./dispute.tsx";

/**
 * A dispute's return for a full refund on the deal page (issue 35, item 6): the buyer sends the
 * item back with a carrier of shipping and its number by the date; the seller confirms receipt
 * once it was sent; while it runs, no new proposal and no handing over. Either side may propose it.
 */

const PAGE_URL = "/ucet/obchody/12";
const BY = "2026-12-03T15:00:00.000Z";
const CONFIRM_BY = "2026-12-16T15:00:00.000Z";

const deal = (role: "buyer" | "seller") =>
  ({ id: 12, role, status: "disputed", carrier: "dpd", timeline: [] }) as unknown as DealPageView;

const dispute = (overrides: Partial<DisputeView> = {}): DisputeView => ({
  status: "returning",
  reason: "not_as_described",
  escalatableAt: BY,
  proposal: null,
  outcome: null,
  messages: [],
  return: {
    by: BY,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    confirmBy: null,
  },
  ...overrides,
});

const SENT: DisputeView["return"] = {
  by: BY,
  carrier: "ppl",
  trackingNumber: "PPL 4455",
  trackingUrl: "https://www.ppl.cz/vyhledat-zasilku?shipmentId=PPL%204455",
  shippedAt: "2026-11-28T10:00:00.000Z",
  confirmBy: CONFIRM_BY,
};

function Page({ loaderData }: { loaderData: { deal: DealPageView; dispute: DisputeView } }) {
  return <DealDispute deal={loaderData.deal} dispute={loaderData.dispute} />;
}

function renderDispute(view: DealPageView, shown: DisputeView, locale: "cs" | "en" = "cs") {
  return renderRoute(
    { id: "deal", path: PAGE_URL, loader: () => ({ deal: view, dispute: shown }), Component: Page },
    { url: PAGE_URL, locale, loaderData: { deal: { deal: view, dispute: shown } } },
  );
}

describe("the return panel", () => {
  test("asks the buyer for the carrier and the tracking number by the date", async () => {
    renderDispute(deal("buyer"), dispute());
    const panel = await screen.findByTestId("dispute-return");
    expect(textOf(panel)).toContain("Pošlete položku zpět prodávajícímu do 3. prosince 2026");
    const carriers = screen.getAllByRole("option").map((option) => option.textContent);
    expect(carriers).toEqual(["Zásilkovna", "PPL", "Česká pošta", "DPD", "GLS"]);
    expect(screen.getByLabelText("Číslo zásilky").getAttribute("name")).toBe("trackingNumber");
    expect(screen.getByRole("button", { name: "Zásilka odeslána" }).getAttribute("value")).toBe(
      "ship_return",
    );
    // No new proposal or handing over while the item goes back.
    expect(screen.queryByRole("button", { name: "Navrhnout" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Navrhnout vrácení zboží" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Potvrzuji převzetí vráceného zboží" })).toBeNull();
  });

  test("lets the seller confirm receipt once the buyer sent it, with the parcel and the date", async () => {
    renderDispute(deal("seller"), dispute({ return: SENT }));
    const panel = await screen.findByTestId("dispute-return");
    expect(textOf(panel)).toContain("PPL, číslo zásilky PPL 4455");
    expect(screen.getByRole("link", { name: "Sledovat zásilku" }).getAttribute("href")).toBe(
      SENT?.trackingUrl,
    );
    expect(textOf(panel)).toContain("do 16. prosince 2026");
    expect(
      screen.getByRole("button", { name: "Potvrzuji převzetí vráceného zboží" }).getAttribute("value"),
    ).toBe("confirm_return");
    expect(screen.queryByTestId("return-ship")).toBeNull();
  });

  test("before the buyer sends it, the seller only waits", async () => {
    renderDispute(deal("seller"), dispute());
    expect(textOf(await screen.findByTestId("dispute-return"))).toContain("Kupující má položku poslat zpět");
    expect(screen.queryByRole("button", { name: "Potvrzuji převzetí vráceného zboží" })).toBeNull();
    expect(screen.queryByTestId("return-ship")).toBeNull();
  });

  test("an open dispute offers the return as a proposal, and shows one for the other side to accept", async () => {
    const proposal = { refundMinor: 116_000, by: "seller" as const, return: true };
    renderDispute(deal("buyer"), dispute({ status: "open", return: null, proposal }), "en");
    expect(await screen.findByRole("button", { name: "Propose a return" })).toBeTruthy();
    expect(textOf(screen.getByTestId("dispute-proposal"))).toContain(
      "Seller proposes returning the item to the seller for a full refund",
    );
    expect(screen.getByRole("button", { name: "Accept the proposal" })).toBeTruthy();
    expect(screen.queryByTestId("dispute-return")).toBeNull();
  });
});
