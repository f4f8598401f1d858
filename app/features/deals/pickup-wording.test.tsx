import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DealPageView, DisputeView } from "#core/contracts/deals.ts";
import { DealActions } from "./deal-actions.tsx";
import { DealTimeline } from "./deal-timeline.tsx";
import { DealDispute, OpenDispute } from "./dispute.tsx";

/**
 * A personal pickup's deal page speaks of the item and its handover, never of a parcel: the
 * dispute box, its reason "not arrived", the confirmation of receipt, and the deadline to collect.
 * A carrier's deal keeps the parcel's words.
 */

const PAGE_URL = "/ucet/obchody/12";
const DUE = "2026-12-10T15:00:00.000Z";

/** Only what these parts read of a deal's page. */
const deal = (carrier: string | null, next: DealPageView["next"], status: DealPageView["status"]) =>
  ({
    id: 12,
    role: "buyer",
    status,
    next,
    carrier,
    pickupTown: carrier ? null : "Brno",
    pickupCode: null,
    dueAt: DUE,
    payBy: DUE,
    shipBy: null,
    releaseAt: null,
    timeline: [],
  }) as unknown as DealPageView;

const DISPUTE: DisputeView = {
  status: "open",
  reason: "not_arrived",
  escalatableAt: DUE,
  proposal: null,
  outcome: null,
  messages: [],
};

function Page({ loaderData }: { loaderData: { deal: DealPageView } }) {
  const pickup = loaderData.deal.carrier === null;
  return (
    <>
      <OpenDispute pickup={pickup} />
      <DealActions deal={loaderData.deal} carrierName="PPL" />
      <DealDispute deal={loaderData.deal} dispute={DISPUTE} />
      <DealTimeline deal={loaderData.deal} />
    </>
  );
}

function renderPage(view: DealPageView, locale: "cs" | "en" = "cs") {
  return renderRoute(
    { id: "deal", path: PAGE_URL, loader: () => ({ deal: view }), Component: Page },
    { url: PAGE_URL, locale, loaderData: { deal: { deal: view } } },
  );
}

const openBox = () => textOf(screen.getByTestId("dispute-open"));

describe("a pickup deal's page", () => {
  test("the dispute box and its reason speak of the handover and the item, not a parcel", async () => {
    renderPage(deal(null, "confirm_receipt", "delivered"));
    expect(
      await screen.findByRole("heading", { name: "Je s předáním nebo s položkou problém?" }),
    ).toBeTruthy();
    expect(openBox()).toContain("Pokud se předání neuskutečnilo, položka neodpovídá popisu");
    expect(screen.getByRole("option", { name: "Předání se neuskutečnilo" })).toBeTruthy();
    expect(textOf(screen.getByTestId("dispute"))).toContain("Spor: Předání se neuskutečnilo");
    // Receipt confirmed for the item in hand.
    expect(document.body.textContent).toContain("Pokud s položkou něco není v pořádku, nepotvrzujte.");
    expect(document.body.textContent).not.toMatch(/zásilk/i);
  });

  test("says by when the ready item is to be collected", async () => {
    renderPage(deal(null, "none", "ready_for_pickup"));
    expect(await screen.findByText(/^Vyzvednout do .*, jinak se obchod zruší/)).toBeTruthy();
  });

  test("in English too", async () => {
    renderPage(deal(null, "confirm_receipt", "delivered"), "en");
    expect(
      await screen.findByRole("heading", { name: "Is something wrong with the handover or the item?" }),
    ).toBeTruthy();
    expect(screen.getByRole("option", { name: "The handover did not take place" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/parcel/i);
  });
});

describe("a carrier's deal page", () => {
  test("keeps the parcel's words", async () => {
    renderPage(deal("ppl", "confirm_receipt", "shipped"));
    expect(await screen.findByRole("heading", { name: "Je se zásilkou problém?" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Zásilka nedorazila" })).toBeTruthy();
    expect(document.body.textContent).toContain("Pokud je se zásilkou problém, nepotvrzujte.");
  });
});
