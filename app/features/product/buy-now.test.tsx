import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { type ComponentProps, useEffect, useState } from "react";
import { describe, expect, test } from "vitest";
import { AuctionPanel } from "#app/features/product/auction-panel.tsx";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import { PRODUCT, PRODUCT_URL } from "./test-fixtures.ts";

/**
 * "Kup hned" in the auction block (issue 39, item 4): offered while the live state carries a
 * buy-it-now price, behind a binding confirmation; it disappears for every viewer with the first bid.
 */

type AuctionProps = ComponentProps<typeof AuctionPanel>;
type Live = AuctionProps["live"]["live"];

const offered = (): Live => ({
  productId: 42,
  status: "active",
  startPriceMinor: 100_000,
  priceMinor: 100_000,
  minimumNextBidMinor: 100_000,
  minimumCeilingMinor: 105_000,
  bidCount: 0,
  endsAt: new Date(Date.now() + 50 * 3_600_000).toISOString(),
  endedAt: null,
  hasReserve: false,
  reserveMet: true,
  buyNowPriceMinor: 150_000,
  lastBidId: 0,
  serverNow: new Date().toISOString(),
});

let stream: ((live: Live) => void) | null = null;

function AuctionPage({ loaderData }: { loaderData: { viewer: AuctionProps["viewer"] } }) {
  const [live, setLive] = useState<Live>(offered);
  useEffect(() => {
    stream = setLive;
    return () => {
      stream = null;
    };
  }, []);
  return (
    <AuctionPanel
      product={PRODUCT}
      viewer={loaderData.viewer}
      serverNow={new Date().toISOString()}
      softCloseMinutes={2}
      live={{ live, bids: [], standing: null, clockOffsetMs: 0, extendedTo: null, connection: "open" }}
      watch={<span>Sledovat</span>}
    />
  );
}

function renderPage(viewer: AuctionProps["viewer"], posted: FormData[] = []) {
  return renderRoute(
    {
      id: "product",
      path: PRODUCT_URL,
      loader: () => ({ viewer }),
      action: async ({ request }: { request: Request }) => {
        posted.push(await request.formData());
        return {
          intent: "buyNow",
          message: "Kup hned už není k dispozici: někdo mezitím přihodil nebo aukce skončila.",
        };
      },
      Component: AuctionPage,
    },
    { url: PRODUCT_URL, user: viewer.loggedIn ? { id: 7 } : null, loaderData: { product: { viewer } } },
  );
}

const BUYER = { loggedIn: true, isSeller: false, emailConfirmed: true };

describe("Kup hned", () => {
  test("shows the price, asks for the binding confirmation, posts the purchase and says a refusal", async () => {
    const posted: FormData[] = [];
    renderPage(BUYER, posted);
    expect(textOf(screen.getByTestId("buy-now-price"))).toBe("Kup hned za 1 500,00 Kč");
    // Nothing is bought on the first click: it only opens the confirmation.
    fireEvent.click(screen.getByRole("button", { name: "Koupit hned" }));
    expect(textOf(screen.getByTestId("buy-now-binding"))).toContain("Koupě je závazná");
    expect(posted).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: /^Závazně koupit za 1\s500,00\sKč$/ }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("Kup hned už není k dispozici"),
    );
    expect(posted).toHaveLength(1);
    // The page posts only its intent: the price is the server's.
    expect([...posted[0].keys()]).toEqual(["intent"]);
    expect(posted[0].get("intent")).toBe("buyNow");
  });

  test("a double click on the binding button posts one purchase", async () => {
    const posted: FormData[] = [];
    const { user } = renderPage(BUYER, posted);
    await user.click(screen.getByRole("button", { name: "Koupit hned" }));
    // Both clicks before the page draws again (in a browser the busy state comes a moment later).
    const confirm = screen.getByTestId("buy-now-confirm");
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(screen.getByRole("alert")).toBeTruthy());
    expect(posted).toHaveLength(1);
    // After the answer the buyer may try again.
    await user.click(screen.getByTestId("buy-now-confirm"));
    await waitFor(() => expect(posted).toHaveLength(2));
  });

  test("disappears when the first bid arrives on the live stream", async () => {
    renderPage(BUYER);
    expect(screen.getByTestId("buy-now")).toBeTruthy();
    act(() => stream?.({ ...offered(), bidCount: 1, lastBidId: 1, buyNowPriceMinor: null }));
    await waitFor(() => expect(screen.queryByTestId("buy-now")).toBeNull());
  });

  test("is not offered to the seller", () => {
    renderPage({ loggedIn: true, isSeller: true, emailConfirmed: true });
    expect(screen.getByTestId("auction-panel")).toBeTruthy();
    expect(screen.queryByTestId("buy-now")).toBeNull();
  });
});
