import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { OrderView } from "#core/contracts/payments.ts";
import type { ShopOrderDetails } from "#core/contracts/shop.ts";
import PaymentsPage from "./payments.tsx";

const BASE: Omit<OrderView, "id" | "kind" | "status" | "shop"> = {
  hash: "0123456789abcdef0123456789abcdef",
  listing: null,
  promotionDays: null,
  subtotalMinor: 0,
  discountMinor: 0,
  totalMinor: 0,
  currencyCode: "CZK",
  createdAt: "2026-11-20T10:00:00.000Z",
  paidAt: null,
  summaryPath: "",
  payable: false,
  bankTransfer: null,
  card: false,
  lastCardPayment: null,
  toppedUntil: null,
  invoiceNumber: null,
  duplicateRefunded: false,
};

const SHOP: ShopOrderDetails = {
  lines: [
    {
      productId: 1,
      description: "Hampden Estate 8 y.o.",
      url: "/1/rum/hampden",
      quantity: 2,
      unitPriceMinor: 129_000,
      taxRate: 21,
    },
    {
      productId: 2,
      description: "Foursquare 2009",
      url: "/2/rum/foursquare",
      quantity: 1,
      unitPriceMinor: 99_000,
      taxRate: 21,
    },
  ],
  delivery: { kind: "carrier", carrier: null, key: "ppl" },
  payment: "card",
  deliveryAddress: null,
  invoiceAddress: null,
  email: "kupec@rarita.test",
  phone: null,
  voucherCode: null,
  groupDiscountMinor: 0,
  voucherDiscountMinor: 0,
  deliveryMinor: 0,
  paymentFeeMinor: 0,
  trackingNumber: "DR123456789CZ",
  shippedAt: "2026-11-21T10:00:00.000Z",
  deliveredAt: null,
  reservedUntil: null,
};

const ORDERS: OrderView[] = [
  {
    ...BASE,
    id: 31,
    kind: "shop",
    status: "shipped",
    totalMinor: 357_000,
    paidAt: "2026-11-20T10:05:00.000Z",
    summaryPath: "/shrnuti/31/0123456789abcdef0123456789abcdef",
    invoiceNumber: "2026000031",
    shop: SHOP,
  },
  {
    ...BASE,
    id: 30,
    kind: "listing_fee",
    status: "awaiting_payment",
    totalMinor: 2_900,
    payable: true,
    summaryPath: "/ucet/shrnuti/30/0123456789abcdef0123456789abcdef",
    listing: { id: 5, name: "Havana Club Máximo", url: "/5/rum/maximo", status: "awaiting_payment" },
    shop: null,
  },
];

describe("Orders and payments", () => {
  test("a shop order beside a fee: its pieces, goods, tracking number, state, document and summary", () => {
    const loaderData = { orders: ORDERS, dealDocuments: [] };
    renderRoute(
      {
        id: "payments",
        path: "/ucet/platba",
        loader: () => loaderData,
        // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader gives.
        Component: PaymentsPage as any,
      },
      { user: {}, url: "/ucet/platba", loaderData: { payments: loaderData } },
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Objednávky a platby");
    const [shop, fee] = screen.getAllByTestId("payment-row");
    expect(shop.dataset.kind).toBe("shop");
    expect(textOf(within(shop).getByTestId("payment-kind"))).toBe("Nákup v obchodě · 3 kusy");
    expect(textOf(within(shop).getByTestId("payment-items"))).toBe("Hampden Estate 8 y.o., Foursquare 2009");
    expect(textOf(within(shop).getByTestId("payment-tracking"))).toBe("Zásilka DR123456789CZ");
    expect(within(shop).getByTestId("order-status").textContent).toBe("Odesláno");
    expect(within(shop).getByTestId("payment-invoice").getAttribute("href")).toBe(
      "/ucet/platba/doklad/2026000031",
    );
    expect(textOf(within(shop).getByTestId("payment-amount"))).toBe("3 570,00 Kč");
    const open = within(shop).getByTestId("payment-open");
    expect(open.getAttribute("href")).toBe("/shrnuti/31/0123456789abcdef0123456789abcdef");
    expect(open.textContent).toBe("Detail");

    expect(textOf(within(fee).getByTestId("payment-kind"))).toBe("Poplatek za vložení inzerátu");
    expect(within(fee).queryByTestId("payment-items")).toBeNull();
    expect(within(fee).getByTestId("payment-open").textContent).toBe("Zaplatit");
  });
});
