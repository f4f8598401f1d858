import { type Locale, type MessageKey, translate } from "../i18n/index.ts";
import type { OrderStatus } from "../lifecycles/order.ts";
import type { PaymentStatus } from "../lifecycles/payment.ts";
import type { ProductStatus } from "./catalog.ts";
import type { ShopOrderDetails } from "./shop.ts";

/**
 * What users pay the operator, as the server's payments module returns it and the pages and the
 * API show it (docs/product/payments.md). Plain JSON: instants are ISO strings, money CZK minor
 * units. The statuses and their moves are core/lifecycles/order.ts and payment.ts.
 */

/** Shop carts (not built), insertion fees of listings, promotions (topování). */
export const ORDER_KINDS = ["shop", "listing_fee", "promotion"] as const;
export const PAYMENT_METHODS = ["bank_transfer", "card", "test"] as const;
/**
 * Why a payment was refunded: `duplicate` = it succeeded for an order already paid by another
 * payment; `sold_out` = it succeeded for a shop order cancelled meanwhile whose pieces were sold
 * to someone else after it gave them back.
 */
export const REFUND_REASONS = ["duplicate", "sold_out"] as const;

export type OrderKind = (typeof ORDER_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type RefundReason = (typeof REFUND_REASONS)[number];

/** An order's page and the account's payments list: the order, how to pay it, how it went. */
export type OrderView = {
  id: number;
  hash: string;
  kind: OrderKind;
  status: OrderStatus;
  /** The listing a fee or promotion is for (null once it is gone). */
  listing: { id: number; name: string; url: string; status: ProductStatus } | null;
  promotionDays: number | null;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  currencyCode: string;
  createdAt: string;
  paidAt: string | null;
  /** The order's page in the request's language. */
  summaryPath: string;
  /** It can be paid now: unpaid, and the listing still waits for it (fee) or is live (promotion). */
  payable: boolean;
  /** How to pay by bank transfer (when payable and a bank account is configured). */
  bankTransfer: {
    iban: string;
    ibanFormatted: string;
    variableSymbol: string;
    amountMinor: number;
    message: string;
    /** The QR payment's content (SPAYD). */
    spayd: string;
  } | null;
  /** A card gateway is on: the payer may be sent to it. */
  card: boolean;
  /** The latest card attempt, for the page's result line after the gateway. */
  lastCardPayment: { status: PaymentStatus; at: string } | null;
  /** A promotion's listing: topped until (ISO), when it still is. */
  toppedUntil: string | null;
  /** The tax document of a paid order. */
  invoiceNumber: string | null;
  /** A second card payment succeeded for the paid order and was refunded to the payer. */
  duplicateRefunded: boolean;
  /** A shop order's lines, delivery, addresses and fulfilment; null for fees and promotions. */
  shop: ShopOrderDetails | null;
};

/** A payment as the operator sees it (GET /api/admin/payments). */
export type AdminPayment = {
  id: number;
  orderId: number;
  method: PaymentMethod;
  provider: string;
  providerPaymentId: string | null;
  status: PaymentStatus;
  amountMinor: number;
  createdAt: string;
  paidAt: string | null;
  /** Succeeded for an order already paid, so refunded (the refund is done once `refundedAt` is set). */
  refundedAsDuplicate: boolean;
  refundedAt: string | null;
};

/** The operator's own supplies in a deal (ADR 0081): the buyer's protection, the seller's commission. */
export const DEAL_FEES = ["buyer_protection", "seller_commission"] as const;
export type DealFee = (typeof DEAL_FEES)[number];

/** One of a deal's fee documents as its side's page lists it (the document itself is an InvoicePayload). */
export type DealFeeDocument = {
  dealId: number;
  number: string;
  fee: DealFee;
  kind: "invoice" | "credit_note";
  /** A credit note's: the number of the invoice it corrects; null for an invoice. */
  corrects: string | null;
  issuedAt: string;
  totalMinor: number;
};

/** A party of a tax document: the operator (supplier) or the buyer (customer). */
export type InvoiceParty = {
  name: string;
  street?: string;
  city?: string;
  zip?: string;
  countryCode?: string | null;
  companyId?: string | null;
  taxId?: string | null;
  email?: string;
};

export type InvoiceLine = {
  description: string;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
};

/** A tax document as issued, frozen (VAT Act 235/2004 §29; docs/product/payments.md). */
export type InvoicePayload = {
  number: string;
  /**
   * Set on a credit note only (opravný daňový doklad, VAT Act §45): the number of the document it
   * corrects. Its amounts are the corrected document's, negated.
   */
  corrects?: string;
  /** The order documented; null for a deal's fee (ADR 0081), which names its `dealId` instead. */
  orderId: number | null;
  dealId?: number;
  issuedAt: string;
  /** The date of the taxable supply: the payment. */
  suppliedAt: string;
  supplier: InvoiceParty & { register?: string };
  customer: InvoiceParty;
  /** Prices include VAT at `vatRate`. */
  lines: InvoiceLine[];
  vatRate: number;
  /** The tax base, the VAT and the total, CZK minor units. */
  baseMinor: number;
  vatMinor: number;
  totalMinor: number;
  currencyCode: string;
  /**
   * `cod`: a shop order paid in cash to the carrier; `offset`: a deal's seller commission, kept
   * back from what the seller is paid out (ADR 0081).
   */
  paymentMethod: "bank_transfer" | "card" | "cod" | "offset";
  variableSymbol: string;
};

/**
 * Why a listing cannot be promoted now (the offer's `reason`, and `orderPromotion`'s refusal):
 * no price list, the listing is not live, or it is already promoted up to its end.
 */
export type PromotionUnavailable = "unavailable" | "not_live" | "topped_to_end";

/**
 * The payments module's refusals (codes, ADR 0068) and their texts, the same on the pages and in
 * the API: the promotion's, a fee with nothing to pay, a request's key used for another order (ADR
 * 0069), and a card payment's start (paid already, no longer payable, too many starts of the order).
 */
export type PaymentRefusal =
  | PromotionUnavailable
  | "nothing_to_pay"
  | "key_reused"
  | "already_paid"
  | "not_payable"
  | "limited";

const PAYMENT_REFUSAL_KEYS = {
  unavailable: "payments.errors.promotionUnavailable",
  not_live: "payments.errors.notLive",
  topped_to_end: "payments.errors.toppedToEnd",
  nothing_to_pay: "payments.errors.nothingToPay",
  key_reused: "payments.errors.keyReused",
  already_paid: "payments.errors.alreadyPaid",
  not_payable: "payments.errors.notPayable",
  limited: "errors.tooManyRequests",
} as const satisfies Record<PaymentRefusal, MessageKey>;

export function paymentRefusalMessage(locale: Locale, refusal: PaymentRefusal): string {
  return translate(locale, PAYMENT_REFUSAL_KEYS[refusal]);
}
