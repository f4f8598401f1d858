import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { ProductDetail } from "#core/contracts/product.ts";
import { BuyBox } from "./buy-box.tsx";

const URL = "/42/rum/hampden-8-let";

const PRODUCT = {
  id: 42,
  format: "shop",
  type: "supply",
  status: "active",
  name: "Hampden 8 let",
  priceMinor: 129_000,
  originalPriceMinor: null,
  isPriceSaleActive: false,
  taxRate: 21,
  stock: 3,
} as unknown as ProductDetail;

function ProductPage({ loaderData }: { loaderData: { product: ProductDetail } }) {
  return <BuyBox product={loaderData.product} />;
}

function renderBuyBox(product: Partial<ProductDetail> = {}, answer: () => unknown = () => null, url = URL) {
  const data = { product: { ...PRODUCT, ...product } };
  const recorder = recordingAction(answer);
  const view = renderRoute(
    { id: "product", path: URL, loader: () => data, action: recorder.action, Component: ProductPage },
    { url, loaderData: { product: data } },
  );
  return { ...view, recorder };
}

describe("BuyBox", () => {
  test("in stock: the pieces, 'Do košíku' with the shown price, the delivery times and pickup", async () => {
    const { user, recorder } = renderBuyBox();
    expect(textOf(screen.getByTestId("stock"))).toBe("Skladem 3 ks");
    const pieces = screen.getByLabelText<HTMLInputElement>("Počet kusů");
    expect(pieces.value).toBe("1");
    expect(pieces.max).toBe("3");
    const box = textOf(screen.getByTestId("buy-box"));
    expect(box).toContain("Doručení do 1–3 dnů v Praze, 3–5 dnů jinde");
    expect(box).toContain("Osobní odběr zboží na objednávku do 10 dnů");
    await user.clear(pieces);
    await user.type(pieces, "2");
    await user.click(screen.getByRole("button", { name: "Do košíku" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({
      intent: "cart",
      productId: "42",
      seenPriceMinor: "129000",
      quantity: "2",
    });
  });

  test("a refusal shows under the button", async () => {
    const message =
      "Cena produktu se mezitím změnila. Načtěte prosím stránku znovu a zkontrolujte novou cenu.";
    const { user } = renderBuyBox({}, () => ({
      intent: "cart",
      result: { status: "error", error: { "": [message] } },
    }));
    await user.click(screen.getByRole("button", { name: "Do košíku" }));
    expect(textOf(await screen.findByTestId("add-to-cart-error"))).toBe(message);
  });

  test("once the visitor reaches the form, its checks refuse no pieces before anything is sent", async () => {
    const { user, recorder } = renderBuyBox();
    expect(screen.getByTestId("add-to-cart").dataset.checks).toBeUndefined();
    const pieces = screen.getByLabelText<HTMLInputElement>("Počet kusů");
    await user.click(pieces);
    await waitFor(() => expect(screen.getByTestId("add-to-cart").dataset.checks).toBe("ready"));
    await user.clear(pieces);
    await user.type(pieces, "0");
    await user.click(screen.getByRole("button", { name: "Do košíku" }));
    expect(textOf(await screen.findByTestId("add-to-cart-error"))).not.toBe("");
    expect(pieces.getAttribute("aria-invalid")).toBe("true");
    expect(recorder.posts).toHaveLength(0);
  });

  test("after an addition: what the cart holds and the way to it", () => {
    renderBuyBox({}, undefined, `${URL}?pridano=3&maximum=1`);
    expect(textOf(screen.getByTestId("cart-added"))).toBe(
      "✓ Přidáno do košíku. Víc kusů skladem není: v košíku máte všech 3 ks.Přejít do košíku →",
    );
    expect(screen.getByRole("link", { name: /Přejít do košíku/ }).getAttribute("href")).toBe("/kosik");
  });

  test("sold out: no form, the stock watchdog instead", () => {
    renderBuyBox({ stock: 0 });
    expect(textOf(screen.getByTestId("stock"))).toBe("Momentálně vyprodáno");
    expect(screen.queryByTestId("add-to-cart")).toBeNull();
    expect(screen.getByRole("link", { name: "Přihlaste se a nastavte hlídacího psa" })).toBeTruthy();
  });
});
