import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ORDER_KINDS } from "#core/contracts/payments.ts";
import { SHOP_PAYMENT_METHODS } from "#core/contracts/shop.ts";
import { ORDER_STATUSES } from "#core/lifecycles/order.ts";
import { VOUCHER_KINDS } from "#core/rules/vouchers.ts";
import {
  between,
  createdAt,
  LOCALES,
  money,
  nonNegative,
  oneOf,
  timestamptz,
  updatedAt,
} from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

/** What an order's line is: goods (or a fee, a promotion), the delivery, the payment method's fee. */
export const ORDER_ITEM_KINDS = ["item", "delivery", "payment_fee"] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

/** An address as stored on an order (a snapshot, not a reference to the user's addresses). */
export type OrderAddress = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string;
  /** A company's order (a shop order's invoice address): company, IČO and DIČ apply. */
  isCompany?: boolean;
  company?: string | null;
  companyId?: string | null;
  taxId?: string | null;
  phone?: string | null;
  email?: string | null;
};

/**
 * Discount vouchers. `value` is a percent (0-100) for 'percent' and CZK minor units for 'fixed'.
 * Codes are unique regardless of case. An influencer's voucher carries their margin.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    code: text("code").notNull(),
    kind: text("kind", { enum: VOUCHER_KINDS }).notNull(),
    value: money("value").notNull(),
    /** Minimum cart value (CZK minor units) for the voucher to apply; NULL = none. */
    minCartMinor: money("min_cart_minor"),
    validFrom: timestamptz("valid_from"),
    validTo: timestamptz("valid_to"),
    /** NULL = unlimited. */
    usageLimitTotal: integer("usage_limit_total"),
    usageLimitPerUser: integer("usage_limit_per_user"),
    /** The order's e-mail must equal this (case-insensitive); NULL = anyone. */
    requiresEmail: text("requires_email"),
    influencerUserId: integer("influencer_user_id").references(userKey, { onDelete: "set null" }),
    marginPercent: integer("margin_percent"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vouchers_code_lower_unique").on(sql`lower(${t.code})`),
    index("vouchers_influencer_user_id_idx").on(t.influencerUserId),
    check("vouchers_kind_check", oneOf(t.kind, VOUCHER_KINDS)),
    check("vouchers_value_check", sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("vouchers_min_cart_minor_check", nonNegative(t.minCartMinor)),
    check("vouchers_usage_limit_total_check", nonNegative(t.usageLimitTotal)),
    check("vouchers_usage_limit_per_user_check", nonNegative(t.usageLimitPerUser)),
    check("vouchers_margin_percent_check", between(t.marginPercent, 0, 100)),
  ],
);

/**
 * Orders for shop carts, listing (insertion) fees and promotions. The summary page is reachable
 * by whoever holds id + hash; `hash` is random and unguessable (generated in code).
 */
export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    hash: text("hash").notNull().unique("orders_hash_unique"),
    userId: integer("user_id").references(userKey, { onDelete: "set null" }),
    kind: text("kind", { enum: ORDER_KINDS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("new"),
    /** The listing a fee or promotion is for. */
    productId: integer("product_id").references(productKey, { onDelete: "set null" }),
    /** Promotion: the number of days bought. */
    promotionDays: integer("promotion_days"),
    email: text("email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("cs"),
    /** Sum of the items before discount and delivery. */
    subtotalMinor: money("subtotal_minor").notNull().default(0),
    /** Every discount together: the group's plus the voucher's (the split is in the two columns below). */
    discountMinor: money("discount_minor").notNull().default(0),
    /** A shop order: the user group's discount and the voucher's, on the items. */
    groupDiscountMinor: money("group_discount_minor").notNull().default(0),
    voucherDiscountMinor: money("voucher_discount_minor").notNull().default(0),
    deliveryMinor: money("delivery_minor").notNull().default(0),
    /** A shop order: the payment method's fee (cash on delivery). */
    paymentFeeMinor: money("payment_fee_minor").notNull().default(0),
    /** What the customer pays: subtotal - discount + delivery + payment fee. */
    totalMinor: money("total_minor").notNull(),
    /** Always CZK today; the column keeps the currency of the amounts explicit. */
    currencyCode: text("currency_code").notNull().default("CZK"),
    voucherId: integer("voucher_id").references(() => vouchers.id, { onDelete: "set null" }),
    deliveryAddress: jsonb("delivery_address").$type<OrderAddress>(),
    invoiceAddress: jsonb("invoice_address").$type<OrderAddress>(),
    /** Carrier key, or 'pickup:<branch>' for personal pickup. */
    carrier: text("carrier"),
    /** A shop order: how the customer chose to pay (card, QR bank transfer, cash on delivery). */
    paymentMethod: text("payment_method", { enum: SHOP_PAYMENT_METHODS }),
    /** A shop order: the customer's phone for the carrier. */
    phone: text("phone"),
    note: text("note"),
    termsAcceptedAt: timestamptz("terms_accepted_at"),
    /**
     * A shop order holds its pieces of stock until then; unpaid by that time (cash on delivery
     * aside) it is cancelled and gives them back, and `stockReleasedAt` records that they went back.
     */
    reservedUntil: timestamptz("reserved_until"),
    stockReleasedAt: timestamptz("stock_released_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz("paid_at"),
    cancelledAt: timestamptz("cancelled_at"),
    /** A shop order handed to the carrier, with the carrier's tracking number when it has one. */
    shippedAt: timestamptz("shipped_at"),
    trackingNumber: text("tracking_number"),
    /** Delivered by the carrier, or handed over at a branch. */
    deliveredAt: timestamptz("delivered_at"),
    /**
     * The key of the request that created the order (ADR 0069): the checkout form's hidden key or
     * the API's `Idempotency-Key`. A repeat of the key answers this order instead of making
     * another. `requestScope` is whose key it is ("user:<id>", "cart:<id>"), and
     * `requestFingerprint` a hash of what the request asked for: the same key with another
     * request is refused.
     */
    requestKey: text("request_key"),
    requestScope: text("request_scope"),
    requestFingerprint: text("request_fingerprint"),
  },
  (t) => [
    index("orders_user_id_idx").on(t.userId, t.createdAt),
    index("orders_product_id_idx").on(t.productId),
    index("orders_status_created_at_idx").on(t.status, t.createdAt),
    index("orders_voucher_id_idx").on(t.voucherId),
    // The back office's week figures: orders paid per day.
    index("orders_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
    // The dashboard's shop orders to ship: paid fees and promotions stay paid for ever, so the
    // status index alone would read all of them to find the few shop orders.
    index("orders_shop_status_idx").on(t.status).where(sql`${t.kind} = 'shop'`),
    // The release job's sweep: unpaid shop orders still holding stock, by the end of their reservation.
    index("orders_reserved_until_idx")
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'awaiting_payment' and ${t.stockReleasedAt} is null`),
    // One order per key and buyer: two concurrent requests with one key cannot both insert.
    uniqueIndex("orders_request_key_unique").on(t.requestKey, t.requestScope),
    check("orders_request_key_check", sql`(${t.requestKey} is null) = (${t.requestScope} is null)`),
    check("orders_kind_check", oneOf(t.kind, ORDER_KINDS)),
    check("orders_payment_method_check", oneOf(t.paymentMethod, SHOP_PAYMENT_METHODS)),
    check("orders_status_check", oneOf(t.status, ORDER_STATUSES)),
    check("orders_locale_check", oneOf(t.locale, LOCALES)),
    check("orders_subtotal_minor_check", nonNegative(t.subtotalMinor)),
    check("orders_discount_minor_check", nonNegative(t.discountMinor)),
    check("orders_delivery_minor_check", nonNegative(t.deliveryMinor)),
    check("orders_group_discount_minor_check", nonNegative(t.groupDiscountMinor)),
    check("orders_voucher_discount_minor_check", nonNegative(t.voucherDiscountMinor)),
    check("orders_payment_fee_minor_check", nonNegative(t.paymentFeeMinor)),
    check("orders_total_minor_check", nonNegative(t.totalMinor)),
    check("orders_promotion_days_check", sql`${t.promotionDays} > 0`),
  ],
);

/** Lines of an order: products, the fee or promotion, delivery. Prices include VAT at tax_rate. */
export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(productKey, { onDelete: "set null" }),
    /** A shop order's delivery and payment fee are lines too (the tax document lists them). */
    kind: text("kind", { enum: ORDER_ITEM_KINDS }).notNull().default("item"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPriceMinor: money("unit_price_minor").notNull(),
    taxRate: integer("tax_rate").notNull().default(21),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    check("order_items_kind_check", oneOf(t.kind, ORDER_ITEM_KINDS)),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_unit_price_minor_check", nonNegative(t.unitPriceMinor)),
    check("order_items_tax_rate_check", between(t.taxRate, 0, 100)),
  ],
);

/** One use of a voucher by an order; a voucher can be used once per order. */
export const voucherUsages = pgTable(
  "voucher_usages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "restrict" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(userKey, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("voucher_usages_voucher_order_unique").on(t.voucherId, t.orderId),
    index("voucher_usages_voucher_user_idx").on(t.voucherId, t.userId),
    index("voucher_usages_order_id_idx").on(t.orderId),
  ],
);

export type Voucher = typeof vouchers.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItem = typeof orderItems.$inferSelect;
export type VoucherUsage = typeof voucherUsages.$inferSelect;
