import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYMENT_REQUEST_STATUSES } from "#core/lifecycles/payment-request.ts";
import { CARRIERS } from "#core/schemas/delivery.ts";
import { createdAt, money, nonNegative, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { dealKey } from "../deals/keys.ts";
import { productKey } from "../listings/keys.ts";
import { threadKey } from "../messages/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * The seller's payment request in a classified's conversation (issue 35, item 1; ADR 0080;
 * `paymentRequestLifecycle`): the agreed price and one delivery (a carrier with its price, or
 * pickup in a town), open until `expires_at`; accepting makes the deal (`deal_id`). At most one
 * open request per conversation.
 */
export const REQUEST_CARRIERS = [...CARRIERS, "pickup"] as const;

export const dealPaymentRequests = pgTable(
  "deal_payment_requests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    threadId: integer("thread_id").notNull().references(threadKey, { onDelete: "cascade" }),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "restrict" }),
    sellerId: integer("seller_id").notNull().references(userKey, { onDelete: "restrict" }),
    buyerId: integer("buyer_id").notNull().references(userKey, { onDelete: "restrict" }),
    status: text("status", { enum: PAYMENT_REQUEST_STATUSES }).notNull(),
    /** The agreed price of the goods. */
    priceMinor: money("price_minor").notNull(),
    /** A carrier's key, or `pickup`. */
    carrier: text("carrier", { enum: REQUEST_CARRIERS }).notNull(),
    /** The carrier's price; 0 for pickup. */
    deliveryMinor: money("delivery_minor").notNull(),
    pickupTown: text("pickup_town"),
    expiresAt: timestamptz("expires_at").notNull(),
    /** The deal the buyer's acceptance made. */
    dealId: integer("deal_id").references(dealKey, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("deal_payment_requests_thread_id_idx").on(t.threadId, t.id),
    // The expiry sweep's overdue open requests (jobs.ts).
    index("deal_payment_requests_open_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'open'`),
    uniqueIndex("deal_payment_requests_one_open_per_thread").on(t.threadId).where(sql`${t.status} = 'open'`),
    check("deal_payment_requests_status_check", oneOf(t.status, PAYMENT_REQUEST_STATUSES)),
    check("deal_payment_requests_carrier_check", oneOf(t.carrier, REQUEST_CARRIERS)),
    check("deal_payment_requests_price_minor_check", sql`${t.priceMinor} > 0`),
    check("deal_payment_requests_delivery_minor_check", nonNegative(t.deliveryMinor)),
    check(
      "deal_payment_requests_pickup_check",
      sql`(${t.carrier} = 'pickup') = (${t.pickupTown} is not null)`,
    ),
    check("deal_payment_requests_parties_check", sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

export type PaymentRequestRow = typeof dealPaymentRequests.$inferSelect;
