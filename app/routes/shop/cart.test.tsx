import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { CartLineView, CartView } from "#core/contracts/shop.ts";
import CartPage from "./cart.tsx";

const LINE: CartLineView = {
  productId: 12,
  name: "Hampden 8 let, 46 %",
  url: "/12/rum/hampden-8-let",
  image: null,
  quantity: 2,
  stock: 5,
  unitPriceMinor: 129_000,
  originalPriceMinor: null,
  seenUnitPriceMinor: 129_000,
  taxRate: 21,
  lineTotalMinor: 258_000,
  problem: null,
};

const totals = (itemsMinor: number) => ({
  itemsMinor,
  groupDiscountMinor: 0,
  voucherDiscountMinor: 0,
  deliveryMinor: 0,
  paymentFeeMinor: 0,
  totalMinor: itemsMinor,
  toFreeDeliveryMinor: Math.max(0, 150_000 - itemsMinor),
});

function cartOf(lines: CartLineView[], extra: Partial<CartView> = {}): CartView {
  const items = lines.reduce((sum, line) => sum + line.lineTotalMinor, 0);
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    groupDiscountPercent: 0,
    voucher: null,
    totals: totals(items),
    freeDeliveryFromMinor: 150_000,
    vat: [],
    draft: {
      delivery: null,
      payment: null,
      email: "",
      phone: "",
      deliveryAddress: null,
      invoiceAddress: null,
      sameAddress: true,
      note: "",
    },
    nextStep: "delivery",
    blocked: lines.some((line) => line.problem !== null),
    ...extra,
  };
}

/** The cart page on a stub route at /kosik; its action answers as told. */
function renderCart(
  cart: CartView | null,
  answer: (form: FormData) => unknown = () => null,
  locale: "cs" | "en" = "cs",
  search = "",
) {
  const recorder = recordingAction(answer);
  const loaderData = {
    cart,
    loadError: cart ? null : "Košík se nepodařilo načíst. Zkuste to prosím za chvíli znovu.",
  };
  const path = locale === "en" ? "/en/cart" : "/kosik";
  const view = renderRoute(
    {
      id: "cart",
      path,
      loader: () => loaderData,
      action: recorder.action,
      // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader and action give.
      Component: CartPage as any,
    },
    { url: `${path}${search}`, locale, loaderData: { cart: loaderData } },
  );
  return { ...view, recorder };
}

describe("CartPage", () => {
  test("an empty cart says so and offers the sale and the new products", () => {
    renderCart(cartOf([]));
    const empty = screen.getByTestId("cart-empty");
    expect(within(empty).getByRole("heading", { name: "Váš košík je prázdný" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zboží v akci" }).getAttribute("href")).toBe("/produkty/akce");
    expect(screen.getByRole("link", { name: "Novinky" }).getAttribute("href")).toBe("/produkty/novinky");
    expect(screen.queryByTestId("cart-continue")).toBeNull();
    expect(screen.getByRole("navigation", { name: "Postup objednávky" })).toBeTruthy();
  });

  test("a line: its price, pieces, total; the sum, free delivery's remainder and the way on", () => {
    renderCart(cartOf([{ ...LINE, quantity: 1, lineTotalMinor: 129_000 }]));
    const line = screen.getByTestId("cart-line");
    expect(within(line).getByRole("link", { name: LINE.name }).getAttribute("href")).toBe(LINE.url);
    expect(textOf(within(line).getByTestId("cart-unit-price"))).toBe("1 290,00 Kč");
    expect(within(line).getByLabelText<HTMLInputElement>(`Počet kusů: ${LINE.name}`).value).toBe("1");
    expect(within(line).getByRole("button", { name: `Ubrat kus: ${LINE.name}` })).toHaveProperty(
      "disabled",
      true,
    );
    expect(textOf(screen.getByTestId("free-delivery"))).toBe("Do dopravy zdarma zbývá 210,00 Kč");
    expect(textOf(screen.getByTestId("cost-total"))).toBe("1 290,00 Kč");
    expect(screen.getByRole("link", { name: "Pokračovat k dopravě a platbě" }).getAttribute("href")).toBe(
      "/kosik/doprava-a-platba",
    );
  });

  test("'Změnit' sends the typed count; 'Odebrat' sends 0", async () => {
    // − and + send their count through a form of their own (the button's form attribute), which
    // jsdom does not follow: the browser tests press them, with and without scripts.
    const { user, recorder } = renderCart(cartOf([LINE]));
    const pieces = screen.getByLabelText(`Počet kusů: ${LINE.name}`);
    await user.clear(pieces);
    await user.type(pieces, "4");
    await user.click(screen.getByRole("button", { name: "Změnit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ intent: "quantity", productId: "12", quantity: "4" });
    await user.click(screen.getByRole("button", { name: `Odebrat z košíku: ${LINE.name}` }));
    await waitFor(() => expect(recorder.posts).toHaveLength(2));
    expect(recorder.last()).toEqual({ intent: "quantity", productId: "12", quantity: "0" });
  });

  test("a sale price shows the original struck; free delivery reached says so", () => {
    renderCart(cartOf([{ ...LINE, originalPriceMinor: 150_000 }]));
    const original = within(screen.getByTestId("cart-line")).getByText("1 500,00 Kč");
    expect(original.closest("s")).toBeTruthy();
    expect(textOf(screen.getByTestId("free-delivery"))).toBe("✓ Máte dopravu zdarma");
  });

  test("line problems: each says what changed, and the way on waits with its reason", async () => {
    const { user, recorder } = renderCart(
      cartOf([
        { ...LINE, problem: "priceChanged", seenUnitPriceMinor: 119_000 },
        { ...LINE, productId: 13, name: "Foursquare 2005", quantity: 4, stock: 2, problem: "notEnoughStock" },
        { ...LINE, productId: 14, name: "Caroni 1996", stock: 0, problem: "soldOut" },
      ]),
    );
    const problems = screen.getAllByTestId("cart-problem");
    expect(problems.map((problem) => problem.getAttribute("data-problem"))).toEqual([
      "priceChanged",
      "notEnoughStock",
      "soldOut",
    ]);
    expect(textOf(problems[0])).toContain("Cena se mezitím změnila z 1 190,00 Kč na 1 290,00 Kč.");
    expect(textOf(problems[1])).toContain("Skladem zbývá jen 2 ks. Snižte prosím počet kusů.");
    expect(textOf(problems[2])).toBe("Zboží se mezitím vyprodalo. Odeberte ho prosím z košíku.");
    const next = screen.getByTestId("cart-continue");
    expect(next.tagName).toBe("BUTTON");
    expect(next).toHaveProperty("disabled", true);
    expect(textOf(screen.getByTestId("cart-blocked"))).toBe(
      "Než budete pokračovat, vyřešte prosím upozornění u zboží v košíku.",
    );

    await user.click(screen.getByRole("button", { name: "Beru na vědomí" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ intent: "confirmPrices" });
    await user.click(screen.getByRole("button", { name: /^Nastavit 2\sks$/ }));
    await waitFor(() => expect(recorder.posts).toHaveLength(2));
    expect(recorder.last()).toEqual({ intent: "quantity", productId: "13", quantity: "2" });
  });

  test("a refused voucher shows the shop's reason at its field", async () => {
    const reason = "Platnost tohoto slevového kódu vypršela.";
    const { user, recorder } = renderCart(cartOf([LINE]), () => ({
      intent: "voucher",
      result: {
        status: "error",
        initialValue: { intent: "voucher", code: "LETO2025" },
        error: { code: [reason] },
      },
    }));
    await user.type(screen.getByLabelText("Slevový kód"), "LETO2025");
    await user.click(screen.getByRole("button", { name: "Uplatnit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ intent: "voucher", code: "LETO2025" });
    expect(textOf(await screen.findByTestId("voucher-error"))).toBe(reason);
    const field = screen.getByLabelText("Slevový kód");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(screen.getByTestId("voucher-error").id);
  });

  test("an applied voucher, the group's discount and a voucher that no longer applies", () => {
    renderCart(
      cartOf([LINE], {
        groupDiscountPercent: 5,
        voucher: {
          code: "VITEJTE10",
          kind: "percent",
          value: 10,
          refusal: "Slevový kód platí pro nákup od 1 000,00 Kč.",
        },
        totals: { ...totals(258_000), groupDiscountMinor: 12_900, totalMinor: 245_100 },
      }),
    );
    expect(textOf(screen.getByTestId("cost-group-discount"))).toBe("−129,00 Kč");
    expect(screen.getByText("Sleva vaší skupiny (5 %)")).toBeTruthy();
    expect(textOf(screen.getByTestId("voucher-applied"))).toContain("Slevový kód VITEJTE10 (sleva 10 %)");
    expect(textOf(screen.getByTestId("voucher-refusal"))).toBe(
      "Kód VITEJTE10 teď neplatí: Slevový kód platí pro nákup od 1 000,00 Kč.",
    );
    expect(screen.queryByTestId("cost-voucher")).toBeNull();
    expect(screen.getByRole("button", { name: "Odebrat kód" })).toBeTruthy();
  });

  test("a refusal of another form shows as an alert above the lines", async () => {
    const { user } = renderCart(cartOf([LINE]), () => ({
      intent: "quantity",
      result: { status: "error", error: { "": ["Košík se nepodařilo upravit. Zkuste to prosím znovu."] } },
    }));
    await user.click(screen.getByRole("button", { name: `Přidat kus: ${LINE.name}` }));
    expect(textOf(await screen.findByRole("alert"))).toBe(
      "Košík se nepodařilo upravit. Zkuste to prosím znovu.",
    );
  });

  test("after more pieces were asked than there are, the cart says it keeps the stock", () => {
    renderCart(cartOf([LINE]), undefined, "cs", "?maximum=1");
    expect(textOf(screen.getByRole("status"))).toBe(
      "Víc kusů skladem nemáme: v košíku je jich tolik, kolik zbývá na skladě.",
    );
  });

  test("a cart the shop cannot read: the translated alert and the way home", () => {
    renderCart(null);
    expect(textOf(screen.getByRole("alert"))).toBe(
      "Košík se nepodařilo načíst. Zkuste to prosím za chvíli znovu.",
    );
    expect(screen.getByRole("link", { name: "Na úvodní stránku" }).getAttribute("href")).toBe("/");
  });

  test("speaks English on /en/cart", () => {
    renderCart(cartOf([]), undefined, "en");
    expect(screen.getByRole("heading", { name: "Your cart is empty" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "On sale" }).getAttribute("href")).toBe("/en/products/sale");
  });
});
