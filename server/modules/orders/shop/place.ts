import type { DraftAddress, ShopPaymentMethod } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { VoucherRefusal } from "#core/rules/vouchers.ts";
import type { Db } from "#server/db/client.ts";
import type { OrdersContext } from "../context.ts";
import type { RequestKey } from "../request-keys.ts";
import type { OrderAddress } from "../tables.ts";
import { createShopOrder, type NewShopOrder } from "../transitions.ts";
import { codFeeLineText, deliveryLineText } from "./line-text.ts";
import { sendOrderConfirmation } from "./mails.ts";
import { deliveryOf } from "./setting.ts";
import { recordVoucherUse, takeVoucherUse } from "./vouchers.ts";

/**
 * Placing a shop order (docs/product/payments.md, "Shop orders"): the shop module has taken the
 * pieces from stock in its transaction (listings' reserveStock) and calls this in the same one.
 * The voucher is asked again under its row lock and its use recorded; the order is created
 * awaiting payment with its lines (the goods, the delivery, the payment fee) and the amounts
 * frozen as the customer saw them on the last step; the confirmation mail is queued in the
 * transaction, so it goes out if and only if the order commits.
 */

export type ShopOrderInput = {
  userId: number | null;
  email: string;
  phone: string;
  locale: Locale;
  lines: {
    productId: number;
    description: string;
    quantity: number;
    unitPriceMinor: number;
    taxRate: number;
  }[];
  /** A carrier's key or `pickup:<branch key>`. */
  carrier: string;
  payment: ShopPaymentMethod;
  itemsMinor: number;
  groupDiscountMinor: number;
  voucher: { id: number; code: string } | null;
  voucherDiscountMinor: number;
  deliveryMinor: number;
  paymentFeeMinor: number;
  totalMinor: number;
  deliveryAddress: DraftAddress | null;
  invoiceAddress: DraftAddress;
  note: string;
  termsAcceptedAt: Date;
  /** An unpaid card or transfer order gives its pieces back then; null for cash on delivery. */
  reservedUntil: Date | null;
  /** The request's key (ADR 0069), held by the caller since the start of its transaction. */
  requestKey?: RequestKey | null;
};

/**
 * `refusal`: the voucher may no longer be used (used up meanwhile...); null with `keyTaken` when a
 * concurrent request with the same key placed its order first. On a refusal nothing of the order
 * is written, but the caller's transaction holds the pieces it took: it must roll back (and answer
 * the other request's order, orderOfRequestKey).
 */
export type PlacedShopOrder =
  | { ok: true; order: { id: number; hash: string } }
  | { ok: false; refusal: VoucherRefusal | null; keyTaken?: boolean };

/** The address as the order keeps it: a snapshot, not a reference to the account's addresses. */
function snapshot(address: DraftAddress | null): OrderAddress | null {
  if (!address) return null;
  return {
    name: address.name,
    street: address.street,
    city: address.city,
    zip: address.zip,
    countryCode: address.countryCode,
    isCompany: address.isCompany,
    company: address.isCompany ? address.company : null,
    companyId: address.isCompany ? address.companyId : null,
    taxId: address.isCompany ? address.taxId || null : null,
  };
}

/** The amounts must add up: a mistake here would be a wrong price on a binding order. */
function assertSums(input: ShopOrderInput) {
  const items = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0);
  const total =
    items -
    input.groupDiscountMinor -
    input.voucherDiscountMinor +
    input.deliveryMinor +
    input.paymentFeeMinor;
  if (items !== input.itemsMinor || total !== input.totalMinor || input.lines.length === 0)
    throw new Error("A shop order's amounts do not add up to its lines");
  if (input.voucher === null && input.voucherDiscountMinor !== 0)
    throw new Error("A shop order has a voucher discount without a voucher");
}

export async function placeShopOrder(
  ctx: OrdersContext,
  tx: Db,
  input: ShopOrderInput,
): Promise<PlacedShopOrder> {
  assertSums(input);
  const at = ctx.now();
  if (input.voucher) {
    const check = await takeVoucherUse(tx, input.voucher.id, {
      userId: input.userId,
      email: input.email,
      cartMinor: input.itemsMinor - input.groupDiscountMinor,
      at,
    });
    if (!check.ok) return { ok: false, refusal: check.code };
  }
  const delivery = await deliveryOf(tx, input.carrier, "cs");
  const values: NewShopOrder = {
    userId: input.userId,
    email: input.email,
    phone: input.phone || null,
    locale: input.locale,
    subtotalMinor: input.itemsMinor,
    groupDiscountMinor: input.groupDiscountMinor,
    voucherDiscountMinor: input.voucherDiscountMinor,
    deliveryMinor: input.deliveryMinor,
    paymentFeeMinor: input.paymentFeeMinor,
    totalMinor: input.totalMinor,
    voucherId: input.voucher?.id ?? null,
    deliveryAddress: snapshot(input.deliveryAddress),
    invoiceAddress: snapshot(input.invoiceAddress),
    carrier: input.carrier,
    paymentMethod: input.payment,
    note: input.note.trim() || null,
    termsAcceptedAt: input.termsAcceptedAt,
    // Cash on delivery holds its pieces until it is delivered or the operator cancels it.
    reservedUntil: input.payment === "cod" ? null : input.reservedUntil,
    items: [
      ...input.lines.map((line) => ({ kind: "item" as const, ...line })),
      {
        kind: "delivery",
        productId: null,
        description: deliveryLineText(delivery),
        quantity: 1,
        unitPriceMinor: input.deliveryMinor,
        taxRate: 21,
      },
      ...(input.paymentFeeMinor > 0
        ? [
            {
              kind: "payment_fee" as const,
              productId: null,
              description: codFeeLineText(),
              quantity: 1,
              unitPriceMinor: input.paymentFeeMinor,
              taxRate: 21,
            },
          ]
        : []),
    ],
  };
  const order = await createShopOrder(tx, values, at, input.requestKey ?? null);
  if (!order) return { ok: false, refusal: null, keyTaken: true };
  if (input.voucher)
    await recordVoucherUse(tx, { voucherId: input.voucher.id, orderId: order.id, userId: input.userId, at });
  await sendOrderConfirmation(ctx, tx, order);
  return { ok: true, order: { id: order.id, hash: order.hash } };
}
