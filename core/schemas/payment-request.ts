import type { MessageKey } from "../i18n/index.ts";
import { parseCrowns } from "../money/crowns-input.ts";
import { CARRIERS, type DeliveryOption, deliveryOptionSchema } from "./delivery.ts";

/**
 * The seller's payment request form in a conversation (issue 35, item 1): the agreed price in
 * crowns, one delivery (a carrier with its price in crowns, or personal pickup with its town).
 * Problems are message keys under the form's field names; the deals' service checks the rest.
 */

export const REQUEST_DELIVERIES = [...CARRIERS, "pickup"] as const;

/** The highest agreed price a request may carry: 10 000 000 Kč. */
export const MAX_REQUEST_PRICE_MINOR = 1_000_000_000;

export type PaymentRequestFormValues = {
  price: string;
  carrier: string;
  deliveryPrice: string;
  pickupTown: string;
};

export type PaymentRequestField = keyof PaymentRequestFormValues;

export type ReadPaymentRequest =
  | { ok: true; priceMinor: number; delivery: DeliveryOption }
  | { ok: false; errors: Partial<Record<PaymentRequestField, MessageKey>> };

export function readPaymentRequestForm(values: PaymentRequestFormValues): ReadPaymentRequest {
  const errors: Partial<Record<PaymentRequestField, MessageKey>> = {};
  const price = parseCrowns(values.price);
  if (typeof price !== "number" || price <= 0 || price > MAX_REQUEST_PRICE_MINOR)
    errors.price = "paymentRequests.errors.price";
  let delivery: DeliveryOption | null = null;
  if (values.carrier === "pickup") {
    const parsed = deliveryOptionSchema.safeParse({ carrier: "pickup", town: values.pickupTown });
    if (parsed.success) delivery = parsed.data;
    else errors.pickupTown = "paymentRequests.errors.pickupTown";
  } else if ((CARRIERS as readonly string[]).includes(values.carrier)) {
    const deliveryMinor = parseCrowns(values.deliveryPrice);
    const parsed = deliveryOptionSchema.safeParse({ carrier: values.carrier, priceMinor: deliveryMinor });
    if (parsed.success) delivery = parsed.data;
    else errors.deliveryPrice = "paymentRequests.errors.deliveryPrice";
  } else errors.carrier = "paymentRequests.errors.carrier";
  if (typeof price !== "number" || !delivery || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, priceMinor: price, delivery };
}
