import { screen, waitFor, within } from "@testing-library/react";
import { useActionData, useLoaderData } from "react-router";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { OrderView } from "#core/contracts/payments.ts";
import type { Branch, Carrier, DraftAddress, ShopOrderDetails } from "#core/contracts/shop.ts";
import { OrderSummary, type OrderSummaryData } from "./order-summary.tsx";

const PPL: Carrier = {
  key: "ppl",
  name: "PPL",
  description: "Doručení na adresu",
  priceMinor: 12_900,
  codFeeMinor: 3_900,
  countries: ["CZ", "SK"],
};

const BRANCH: Branch = {
  key: "praha-vinohrady",
  name: "Rarita Praha – Vinohrady",
  street: "Vinohradská 12",
  city: "Praha 2",
  zip: "120 00",
  hours: ["Po–Pá 10:00–19:00", "So 10:00–14:00"],
  prague: true,
};

const COMPANY: DraftAddress = {
  name: "Jana Nováková",
  street: "Dlouhá 5",
  city: "Brno",
  zip: "602 00",
  countryCode: "CZ",
  isCompany: true,
  company: "Sklep s.r.o.",
  companyId: "27074358",
  taxId: "CZ27074358",
};

const SHOP: ShopOrderDetails = {
  lines: [
    {
      productId: 11,
      description: "Hampden Estate 8 y.o.",
      url: "/11/rum/hampden-estate-8",
      quantity: 2,
      unitPriceMinor: 129_000,
      taxRate: 21,
    },
    {
      productId: 12,
      description: "Foursquare 2009",
      url: null,
      quantity: 1,
      unitPriceMinor: 99_000,
      taxRate: 21,
    },
  ],
  delivery: { kind: "carrier", carrier: PPL, key: "ppl" },
  payment: "bank_transfer",
  deliveryAddress: null,
  invoiceAddress: COMPANY,
  email: "jana@sklep.cz",
  phone: "+420 601 234 567",
  voucherCode: "VITEJTE10",
  groupDiscountMinor: 0,
  voucherDiscountMinor: 35_700,
  deliveryMinor: 0,
  paymentFeeMinor: 0,
  trackingNumber: null,
  shippedAt: null,
  deliveredAt: null,
  reservedUntil: "2026-11-26T15:20:00.000Z",
};

const TOTAL = 357_000 - 35_700;

function shopOrder(over: Partial<OrderView> = {}, shop: Partial<ShopOrderDetails> = {}): OrderView {
  return {
    id: 1042,
    hash: "0123456789abcdef0123456789abcdef",
    kind: "shop",
    status: "awaiting_payment",
    listing: null,
    promotionDays: null,
    subtotalMinor: 357_000,
    discountMinor: 35_700,
    totalMinor: TOTAL,
    currencyCode: "CZK",
    createdAt: "2026-11-23T15:20:00.000Z",
    paidAt: null,
    summaryPath: "/shrnuti/1042/0123456789abcdef0123456789abcdef",
    payable: true,
    bankTransfer: {
      iban: "CZ2420100000002801234527",
      ibanFormatted: "CZ24 2010 0000 0028 0123 4527",
      variableSymbol: "1042",
      amountMinor: TOTAL,
      message: "Rarita objednávka 1042",
      spayd: "SPD*1.0*ACC:CZ2420100000002801234527*AM:3213.00*CC:CZK*MSG:Rarita objednávka 1042*X-VS:1042",
    },
    card: true,
    lastCardPayment: null,
    toppedUntil: null,
    invoiceNumber: null,
    duplicateRefunded: false,
    shop: { ...SHOP, ...shop },
    ...over,
  };
}

function SummaryStub() {
  const data = useLoaderData() as OrderSummaryData;
  const refused = (useActionData() as { message?: string } | undefined)?.message;
  return <OrderSummary data={data} refused={refused} />;
}

function renderSummary(
  data: Partial<OrderSummaryData> & { order: OrderView },
  answer: () => unknown = () => null,
) {
  const loaderData: OrderSummaryData = {
    qrSvg: "<svg></svg>",
    signedIn: false,
    ...data,
  };
  const recorder = recordingAction(answer);
  const view = renderRoute(
    {
      id: "summary",
      path: "/shrnuti/:id/:hash",
      loader: () => loaderData,
      action: recorder.action,
      Component: SummaryStub,
    },
    { url: data.order.summaryPath, loaderData: { summary: loaderData } },
  );
  return { ...view, recorder };
}

const result = () => textOf(screen.getByTestId("order-result"));

describe("a shop order's summary", () => {
  test("an unpaid company order: the deadline, the lines, IČO and DIČ, the voucher in the cost, and both ways to pay", async () => {
    const { user, recorder } = renderSummary({ order: shopOrder() }, () => ({
      message: "Platby kartou jsou vypnuté.",
    }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Objednávka č. 1042");
    expect(screen.getByTestId("order-status").textContent).toBe("Čeká na platbu");
    expect(result()).toBe("Objednávka čeká na zaplacení. Zboží držíme do 26. 11. 2026 16:20.");

    const lines = screen.getAllByTestId("order-line");
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByRole("link", { name: "Hampden Estate 8 y.o." }).getAttribute("href")).toBe(
      "/11/rum/hampden-estate-8",
    );
    expect(textOf(within(lines[0]).getByTestId("order-line-quantity"))).toBe("2 ks");
    expect(textOf(within(lines[0]).getByTestId("order-line-total"))).toBe("2 580,00 Kč");
    // A line without a product page is plain text.
    expect(within(lines[1]).queryByRole("link")).toBeNull();

    expect(textOf(screen.getByTestId("order-carrier"))).toBe("PPL");
    expect(screen.getByTestId("order-payment-method").textContent).toBe("Bankovním převodem (QR platba)");
    expect(textOf(screen.getByTestId("order-invoice-address-company"))).toBe("Sklep s.r.o.");
    expect(textOf(screen.getByTestId("order-invoice-address-company-id"))).toBe("IČO: 27074358");
    expect(textOf(screen.getByTestId("order-invoice-address-tax-id"))).toBe("DIČ: CZ27074358");
    expect(textOf(screen.getByTestId("order-contact"))).toContain("jana@sklep.cz");

    const costs = screen.getByTestId("order-costs");
    expect(textOf(within(costs).getByTestId("order-voucher").parentElement)).toBe(
      "Slevový kód VITEJTE10−357,00 Kč",
    );
    expect(textOf(within(costs).getByTestId("order-delivery-price"))).toBe("Zdarma");
    expect(textOf(within(costs).getByTestId("order-total"))).toBe("3 213,00 Kč");
    expect(textOf(within(costs).getByTestId("order-vat"))).toBe("557,63 Kč");

    expect(screen.getByTestId("pay-bank-vs").textContent).toBe("1042");
    expect(screen.getByTestId("pay-bank-qr").getAttribute("data-spayd")).toContain("X-VS:1042");
    await user.click(screen.getByTestId("pay-card-submit"));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    // A refusal of the card stays on the page, under the deadline.
    await screen.findByText("Platby kartou jsou vypnuté.");
    expect(screen.getByRole("alert").textContent).toBe("Platby kartou jsou vypnuté.");
    expect(screen.queryByTestId("order-invoice")).toBeNull();
  });

  test("paid for pickup at a branch: the branch's address and hours, no way to pay, the tax document's number for a guest", () => {
    renderSummary({
      order: shopOrder(
        {
          status: "paid",
          paidAt: "2026-11-23T15:25:00.000Z",
          payable: false,
          bankTransfer: null,
          card: false,
          invoiceNumber: "2026000007",
        },
        {
          payment: "card",
          delivery: { kind: "pickup", branch: BRANCH, key: "pickup:praha-vinohrady" },
          reservedUntil: null,
          invoiceAddress: { ...COMPANY, isCompany: false, company: "", companyId: "", taxId: "" },
        },
      ),
    });
    expect(result()).toBe(
      "Děkujeme, objednávka je zaplacená. Připravíme ji na prodejně Rarita Praha – Vinohrady a dáme vám vědět, až si ji můžete vyzvednout.",
    );
    expect(screen.getByTestId("order-result").dataset.tone).toBe("success");
    const delivery = textOf(screen.getByTestId("order-delivery"));
    expect(delivery).toContain("Osobní odběr na prodejně");
    expect(delivery).toContain("Vinohradská 12, 120 00 Praha 2");
    expect(delivery).toContain("So 10:00–14:00");
    expect(screen.queryByTestId("pay-card")).toBeNull();
    expect(screen.queryByTestId("pay-bank")).toBeNull();
    expect(screen.queryByTestId("order-invoice-address-company")).toBeNull();
    expect(screen.queryByText("Stejná jako fakturační")).toBeNull();
    // The tax document with the order's id and hash, as this page: a guest has no account.
    expect(textOf(screen.getByTestId("order-invoice-number"))).toBe("Číslo dokladu 2026000007");
    expect(screen.getByTestId("order-invoice").getAttribute("href")).toBe(
      "/shrnuti/1042/0123456789abcdef0123456789abcdef/doklad",
    );
    expect(screen.queryByTestId("order-to-payments")).toBeNull();
  });

  test("a signed-in customer gets the way to their orders", () => {
    renderSummary({
      order: shopOrder({
        status: "paid",
        paidAt: "2026-11-23T15:25:00.000Z",
        payable: false,
        invoiceNumber: "2026000007",
      }),
      signedIn: true,
    });
    expect(screen.getByTestId("order-to-payments").getAttribute("href")).toBe("/ucet/platba");
  });

  test.each([
    [
      { status: "shipped" as const },
      { trackingNumber: "DR1234567890CZ", shippedAt: "2026-11-24T09:00:00.000Z" },
      "Objednávka je na cestě. Číslo zásilky: DR1234567890CZ.",
    ],
    [
      { status: "delivered" as const },
      { deliveredAt: "2026-11-25T12:00:00.000Z" },
      "Objednávka byla doručena 25. listopadu 2026. Na zdraví!",
    ],
    [
      { status: "cancelled" as const },
      { reservedUntil: null },
      "Objednávka byla zrušena, protože nebyla včas zaplacena, a zboží se vrátilo do prodeje. Pokud jste ji přesto zaplatili, peníze vám vrátíme.",
    ],
    [
      { payable: false, bankTransfer: null, card: false },
      { payment: "cod" as const, reservedUntil: null, paymentFeeMinor: 3_900 },
      "Děkujeme, objednávku jsme přijali. Zaplatíte při převzetí zásilky: 3 213,00 Kč.",
    ],
  ])("the result line of %o", (over, shop, text) => {
    renderSummary({ order: shopOrder({ payable: false, bankTransfer: null, card: false, ...over }, shop) });
    expect(result()).toBe(text);
    expect(screen.queryByTestId("pay-order")).toBeNull();
  });

  test("cash on delivery says so under the payment method and shows its fee in the cost", () => {
    renderSummary({
      order: shopOrder(
        { payable: false, bankTransfer: null, card: false },
        { payment: "cod", paymentFeeMinor: 3_900 },
      ),
    });
    expect(textOf(screen.getByTestId("order-payment"))).toContain("Zaplatíte při převzetí");
    expect(textOf(screen.getByTestId("order-payment-fee"))).toBe("39,00 Kč");
  });

  test("in English", () => {
    const loaderData: OrderSummaryData = {
      order: shopOrder(),
      qrSvg: null,
      signedIn: false,
    };
    renderRoute(
      { id: "summary", path: "/en/summary/:id/:hash", loader: () => loaderData, Component: SummaryStub },
      {
        locale: "en",
        url: "/en/summary/1042/0123456789abcdef0123456789abcdef",
        loaderData: { summary: loaderData },
      },
    );
    expect(result()).toBe("The order is awaiting payment. We are holding the goods until 26/11/2026, 16:20.");
    expect(textOf(screen.getByTestId("order-invoice-address-company-id"))).toBe("Company ID (IČO): 27074358");
  });
});
