import type { CartTotals, LineProblem } from "../rules/cart.ts";
import type { VoucherKind } from "../rules/vouchers.ts";

/**
 * The operator's shop as the server's shop module returns it and the cart, checkout and summary
 * pages and the API show it (docs/product/shop.md). Plain JSON: money in CZK minor units,
 * instants as ISO strings.
 */

/** Where a shop order may go (section 5 of the spec: the shop sells to the Czech Republic and Slovakia). */
export const SHOP_COUNTRIES = ["CZ", "SK"] as const;
export type ShopCountry = (typeof SHOP_COUNTRIES)[number];

/** How a shop order is paid: online by card, a QR bank transfer, or cash to the carrier. */
export const SHOP_PAYMENT_METHODS = ["card", "bank_transfer", "cod"] as const;
export type ShopPaymentMethod = (typeof SHOP_PAYMENT_METHODS)[number];

/** A carrier from the `shop` setting. */
export type Carrier = {
  /** Stable key ("zasilkovna", "ppl", "ceska_posta"); stored on the order. */
  key: string;
  name: string;
  /** Shown under the name ("Výdejní místo Z-BOX nebo pobočka", "Doručení na adresu"). */
  description: string;
  priceMinor: number;
  /** Cash on delivery: its fee when the carrier takes it, null when it does not. */
  codFeeMinor: number | null;
  countries: ShopCountry[];
};

/** One of the store's branches (13 of them) from the `shop` setting: personal pickup. */
export type Branch = {
  /** Stable key ("praha-vinohrady"); the order's carrier is `pickup:<key>`. */
  key: string;
  name: string;
  street: string;
  city: string;
  zip: string;
  /** Opening hours, one line per day group ("Po–Pá 10:00–19:00"), in the page's language. */
  hours: string[];
  /** In Prague: stock delivered in 1–3 days; elsewhere 3–5 (section 9 of the spec). */
  prague: boolean;
};

/** A delivery choice: a carrier's key, or `pickup:<branch key>`. */
export type DeliveryChoice = string;
export const PICKUP_PREFIX = "pickup:";

/** A line of the cart as the shop holds it now, with what the customer last saw of it. */
export type CartLineView = {
  productId: number;
  name: string;
  /** The product's page. */
  url: string;
  /** Thumbnail path, or null. */
  image: string | null;
  quantity: number;
  /** Pieces in stock now (0 = sold out). */
  stock: number;
  /** The price now (the sale price while the sale is on). */
  unitPriceMinor: number;
  /** The price before the sale while it is on, else null. */
  originalPriceMinor: number | null;
  /** The price the customer saw when they put it in (or last confirmed). */
  seenUnitPriceMinor: number;
  taxRate: number;
  lineTotalMinor: number;
  /** What changed since the customer put it in: sold out, too few pieces, another price. */
  problem: LineProblem | null;
};

/**
 * The voucher applied to the cart (one per cart). `Refusal`: the shop answers the refusal's code
 * (`VoucherRefusal`), the pages and the API show its text (the default, `sayCart`).
 */
export type CartVoucher<Refusal = string> = {
  code: string;
  kind: VoucherKind;
  /** Percent, or CZK minor units. */
  value: number;
  /** Refused now (the cart fell below its minimum, it expired...): the reason; null = it applies. */
  refusal: Refusal | null;
};

/** The checkout's saved answers (kept on the cart between the steps; nothing is bound until the order). */
export type CheckoutDraft = {
  delivery: DeliveryChoice | null;
  payment: ShopPaymentMethod | null;
  email: string;
  phone: string;
  /** The delivery address; a pickup at a branch needs none. */
  deliveryAddress: DraftAddress | null;
  /** The invoice address (with the company's IČO and DIČ for a company order). */
  invoiceAddress: DraftAddress | null;
  /** The delivery address is the invoice address. */
  sameAddress: boolean;
  note: string;
};

export type DraftAddress = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string;
  isCompany: boolean;
  company: string;
  companyId: string;
  taxId: string;
};

export type CheckoutStep = "cart" | "delivery" | "details" | "review";

/** The cart page and every checkout step read this (`Refusal`: the voucher's, see CartVoucher). */
export type CartView<Refusal = string> = {
  lines: CartLineView[];
  /** Pieces in the cart. */
  count: number;
  /** The user group's discount in percent (0 for guests). */
  groupDiscountPercent: number;
  voucher: CartVoucher<Refusal> | null;
  /** With the chosen carrier and payment fee once chosen (0 before). */
  totals: CartTotals;
  /** Free delivery from this value of the goods (after discounts). */
  freeDeliveryFromMinor: number;
  /** VAT included in the total, per rate (for the last step's summary). */
  vat: { rate: number; baseMinor: number; vatMinor: number }[];
  draft: CheckoutDraft;
  /** The first step that still needs an answer or has a problem; "review" when all are done. */
  nextStep: CheckoutStep;
  /** True while a line has a problem: the order cannot be placed until the customer has seen it. */
  blocked: boolean;
};

/** The header's cart: the count of pieces and the total of the items. */
export type CartBadge = { count: number; totalMinor: number };

/** The checkout's choices, read from the `shop` setting. */
export type CheckoutOptions = {
  carriers: Carrier[];
  branches: Branch[];
  /** Card payments are on (a gateway is configured). */
  card: boolean;
  /** A bank account for transfers is configured. */
  bankTransfer: boolean;
  /** Unpaid orders give their stock back after this many hours. */
  reservationHours: number;
};

/** A shop order's extra parts on its summary page (beside the payments module's OrderView). */
export type ShopOrderDetails = {
  lines: {
    productId: number | null;
    description: string;
    url: string | null;
    quantity: number;
    unitPriceMinor: number;
    taxRate: number;
  }[];
  delivery:
    | { kind: "carrier"; carrier: Carrier | null; key: string }
    | { kind: "pickup"; branch: Branch | null; key: string };
  payment: ShopPaymentMethod;
  deliveryAddress: DraftAddress | null;
  invoiceAddress: DraftAddress | null;
  email: string;
  phone: string | null;
  voucherCode: string | null;
  groupDiscountMinor: number;
  voucherDiscountMinor: number;
  deliveryMinor: number;
  paymentFeeMinor: number;
  trackingNumber: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** An unpaid order gives its stock back at this instant (null when paid, or cash on delivery). */
  reservedUntil: string | null;
};

/** An influencer's voucher and how it did (GET /api/me/voucher-stats, /ucet/poukaz). */
export type InfluencerStats = {
  code: string;
  kind: VoucherKind;
  value: number;
  marginPercent: number;
  validTo: string | null;
  /** Paid orders that used the code. */
  orders: number;
  /** Their goods after discounts, and the influencer's margin of it. */
  revenueMinor: number;
  marginMinor: number;
  /** Orders awaiting payment that used it. */
  pendingOrders: number;
  /** Per month (YYYY-MM, Prague time), newest first. */
  months: { month: string; orders: number; revenueMinor: number; marginMinor: number }[];
};
