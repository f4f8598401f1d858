import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { PRODUCT, PRODUCT_URL } from "#app/features/product/test-fixtures.ts";
import { type RenderRouteOptions, recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { ProductDetail } from "#core/contracts/product.ts";
import { ProductOffer } from "./product-offer.tsx";

type Product = ProductDetail;

type OfferPageData = { product: Product };

function OfferPage({ loaderData }: { loaderData: OfferPageData }) {
  return <ProductOffer product={loaderData.product} watch={<span>Sledovat</span>} />;
}

/** The price block of a classified or shop product on a stub page (and the watchdog page's action). */
function renderOffer(product: Partial<Product>, options: RenderRouteOptions = {}) {
  const data: OfferPageData = { product: { ...PRODUCT, auction: null, ...product } };
  const watchdog = recordingAction(() => ({ ok: true, message: "Hlídací pes je nastaven.", created: true }));
  const view = renderRoute(
    [
      { id: "product", path: PRODUCT_URL, loader: () => data, Component: OfferPage },
      { path: "/ucet/hlidaci-pes", action: watchdog.action },
    ],
    { url: PRODUCT_URL, ...options, loaderData: { product: data } },
  );
  return { ...view, watchdog };
}

describe("ProductOffer", () => {
  test("a shop product in stock: the price with VAT, the stock and the delivery, no watchdog", () => {
    renderOffer({ format: "shop", seller: null, priceMinor: 129_000, stock: 3 });
    const offer = screen.getByTestId("offer-panel");
    expect(textOf(screen.getByTestId("product-price"))).toBe("1 290,00 Kč");
    expect(within(offer).getByText("Včetně 21 % DPH")).toBeTruthy();
    expect(textOf(screen.getByTestId("stock"))).toBe("Skladem 3 ks");
    expect(within(offer).getByText("Doprava zdarma nad 1 500 Kč")).toBeTruthy();
    expect(screen.queryByTestId("watchdog-button")).toBeNull();
    expect(screen.queryByTestId("contact-seller")).toBeNull();
  });

  test("a sale shows the old price struck through and the discount", () => {
    renderOffer({
      format: "shop",
      seller: null,
      priceMinor: 80_000,
      originalPriceMinor: 100_000,
      isPriceSaleActive: true,
      stock: 1,
    });
    expect(textOf(screen.getByTestId("product-price"))).toBe("800,00 Kč");
    const original = screen.getByTestId("product-original-price");
    expect(original.tagName).toBe("S");
    expect(textOf(original)).toBe("Původní cena: 1 000,00 Kč");
    expect(
      screen.getByText((_, element) => element?.tagName === "SPAN" && textOf(element) === "−20 %"),
    ).toBeTruthy();
  });

  test("sold out: a signed-in visitor sets a stock watchdog without leaving the page", async () => {
    const { user, watchdog } = renderOffer(
      { format: "shop", seller: null, priceMinor: 129_000, stock: 0 },
      { user: {} },
    );
    expect(textOf(screen.getByTestId("stock"))).toBe("Momentálně vyprodáno");
    await user.click(screen.getByRole("button", { name: "Hlídat naskladnění" }));

    expect(textOf(await screen.findByTestId("watchdog-set"))).toBe("✓ Hlídací pes je nastaven.Spravovat");
    expect(watchdog.last()).toEqual({
      intent: "create",
      kind: "product",
      productId: "42",
      delivery: "immediate",
    });
  });

  test("sold out: a guest is asked to log in first and comes back here", () => {
    renderOffer({ format: "shop", seller: null, priceMinor: 129_000, stock: 0 });
    const login = screen.getByRole("link", { name: "Přihlaste se a nastavte hlídacího psa" });
    expect(login.getAttribute("href")).toBe(`/ucet?redirect=${encodeURIComponent(PRODUCT_URL)}`);
  });

  test("a classified by agreement: 'Dohodou', the hint, and the message to the seller", () => {
    renderOffer({ format: "classified", priceMinor: null }, { user: {} });
    expect(textOf(screen.getByTestId("product-price"))).toBe("Dohodou");
    expect(textOf(screen.getByTestId("offer-panel"))).toContain("Inzerát soukromého prodejce.");
    expect(screen.getByRole("link", { name: "Napsat prodávajícímu" }).getAttribute("href")).toBe(
      "/ucet/zpravy/napsat/42",
    );
    expect(screen.queryByTestId("stock")).toBeNull();
  });

  test("a demand ad: the offered price, and a guest is asked to log in to offer the item", () => {
    renderOffer({ format: "classified", type: "demand", priceMinor: 300_000 });
    const offer = screen.getByTestId("offer-panel");
    expect(within(offer).getByText("Nabízená cena")).toBeTruthy();
    const login = screen.getByRole("link", { name: "Přihlaste se a nabídněte položku" });
    expect(login.getAttribute("href")).toBe(`/ucet?redirect=${encodeURIComponent("/ucet/zpravy/napsat/42")}`);
  });

  test("the seller's own classified offers to edit it instead of a message", () => {
    renderOffer({ format: "classified", priceMinor: null }, { user: { id: 9 } });
    expect(screen.queryByRole("link", { name: "Napsat prodávajícímu" })).toBeNull();
    expect(screen.getByRole("link", { name: "Upravit inzerát" }).getAttribute("href")).toBe(
      "/ucet/vase-aukce/42/upravit",
    );
  });
});
