import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DEAL_SOURCES, DEAL_STATUSES, DEAL_TRANSITION_NAMES } from "#core/lifecycles/deal.ts";
import { createdAt, money, nonNegative, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";
import { LEDGER_ACCOUNTS, LEDGER_MOVEMENTS } from "./contracts.ts";

/**
 * A deal (issue 35, ADR 0073): one buyer, one seller, one listing, its price, delivery and fees
 * frozen when it was made, and where it stands (`dealLifecycle`). Its money is in its ledger
 * below. Buyer and seller are kept (restrict): a deal is an accounting record, and accounts are
 * erased by anonymising their row, never by deleting it.
 */
export const deals = pgTable(
  "deals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    source: text("source", { enum: DEAL_SOURCES }).notNull(),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "restrict" }),
    buyerId: integer("buyer_id").notNull().references(userKey, { onDelete: "restrict" }),
    sellerId: integer("seller_id").notNull().references(userKey, { onDelete: "restrict" }),
    status: text("status", { enum: DEAL_STATUSES }).notNull().default("awaiting_payment"),
    /** The goods' price (the winning bid, the classified's price, the agreed price). */
    priceMinor: money("price_minor").notNull(),
    /** The chosen delivery's price; 0 for personal pickup. */
    deliveryMinor: money("delivery_minor").notNull(),
    /** What the buyer pays the operator for its protection, on top of price and delivery. */
    buyerFeeMinor: money("buyer_fee_minor").notNull(),
    /** What the operator keeps of the seller's part; may be 0. */
    sellerCommissionMinor: money("seller_commission_minor").notNull(),
    /** What the buyer pays: price + delivery + buyer-protection fee. */
    totalMinor: money("total_minor").notNull(),
    currencyCode: text("currency_code").notNull().default("CZK"),
    /** The chosen carrier's key, or null for personal pickup. */
    carrier: text("carrier"),
    /** Personal pickup: the agreed town. */
    pickupTown: text("pickup_town"),
    trackingNumber: text("tracking_number"),
    /**
     * Personal pickup: the one-time code the buyer shows and the seller enters (set when the goods
     * are ready), and the seller's wrong tries (a few, then only the buyer can confirm).
     */
    pickupCode: text("pickup_code"),
    pickupCodeTries: integer("pickup_code_tries").notNull().default(0),
    /**
     * The deadlines: pay by, ship by (set when paid), a pickup's collect-by (set when the goods are
     * ready), the release (set when shipped or delivered).
     */
    payBy: timestamptz("pay_by").notNull(),
    shipBy: timestamptz("ship_by"),
    pickupBy: timestamptz("pickup_by"),
    releaseAt: timestamptz("release_at"),
    /** The request that made the deal (an auction's close, a buy form's key, a request's id). */
    requestKey: text("request_key").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz("paid_at"),
    shippedAt: timestamptz("shipped_at"),
    deliveredAt: timestamptz("delivered_at"),
    closedAt: timestamptz("closed_at"),
  },
  (t) => [
    uniqueIndex("deals_request_key_unique").on(t.buyerId, t.source, t.productId, t.requestKey),
    index("deals_buyer_id_idx").on(t.buyerId, t.createdAt),
    index("deals_seller_id_idx").on(t.sellerId, t.createdAt),
    index("deals_product_id_idx").on(t.productId),
    // One live deal per listing: a classified bought with "Koupit" or through a payment request is
    // reserved until its deal ends unpaid or cancelled (a second buyer is refused, not charged).
    uniqueIndex("deals_one_live_per_product")
      .on(t.productId)
      .where(sql`${t.status} not in ('cancelled', 'cancelled_unpaid', 'refunded')`),
    index("deals_status_idx").on(t.status),
    check("deals_source_check", oneOf(t.source, DEAL_SOURCES)),
    check("deals_status_check", oneOf(t.status, DEAL_STATUSES)),
    check("deals_price_minor_check", sql`${t.priceMinor} > 0`),
    check("deals_delivery_minor_check", nonNegative(t.deliveryMinor)),
    check("deals_buyer_fee_minor_check", nonNegative(t.buyerFeeMinor)),
    check(
      "deals_seller_commission_minor_check",
      sql`${t.sellerCommissionMinor} >= 0 and ${t.sellerCommissionMinor} <= ${t.priceMinor} + ${t.deliveryMinor}`,
    ),
    check(
      "deals_total_minor_check",
      sql`${t.totalMinor} = ${t.priceMinor} + ${t.deliveryMinor} + ${t.buyerFeeMinor}`,
    ),
    check("deals_parties_check", sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

/** Every change of a deal's status: who made it (null: the system or the provider) and why. */
export const dealStatusChanges = pgTable(
  "deal_status_changes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** The named transition (`create`, `pay`, `resolve`, …). */
    transition: text("transition", { enum: DEAL_TRANSITION_NAMES }).notNull(),
    /** NULL for the creation. */
    fromStatus: text("from_status", { enum: DEAL_STATUSES }),
    toStatus: text("to_status", { enum: DEAL_STATUSES }).notNull(),
    actorId: integer("actor_id").references(userKey, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("deal_status_changes_deal_id_idx").on(t.dealId, t.id),
    check("deal_status_changes_transition_check", oneOf(t.transition, DEAL_TRANSITION_NAMES)),
    check("deal_status_changes_from_status_check", oneOf(t.fromStatus, DEAL_STATUSES)),
    check("deal_status_changes_to_status_check", oneOf(t.toStatus, DEAL_STATUSES)),
  ],
);

/**
 * One money movement of a deal (a posting): its kind, its amount and the idempotency key that
 * makes a repeat (a webhook delivered twice, a job run again) post nothing. Its entries are below.
 */
export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    movement: text("movement", { enum: LEDGER_MOVEMENTS }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique("ledger_postings_idempotency_key_unique"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_postings_deal_id_idx").on(t.dealId, t.id),
    check("ledger_postings_movement_check", oneOf(t.movement, LEDGER_MOVEMENTS)),
    check("ledger_postings_amount_minor_check", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Double entry in minor units: each posting's entries sum to zero, which the database checks at
 * commit (the deferred trigger in server/db/sql/triggers/ledger_balanced.sql); entries are never
 * changed or deleted. An account's balance for a deal is the sum of its entries.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    postingId: integer("posting_id")
      .notNull()
      .references(() => ledgerPostings.id, { onDelete: "restrict" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Signed: + into the account, - out of it. */
    amountMinor: money("amount_minor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_posting_id_idx").on(t.postingId),
    index("ledger_entries_deal_id_idx").on(t.dealId, t.account),
    check("ledger_entries_account_check", oneOf(t.account, LEDGER_ACCOUNTS)),
    check("ledger_entries_amount_minor_check", sql`${t.amountMinor} <> 0`),
  ],
);

export type DealRecord = typeof deals.$inferSelect;
export type LedgerPosting = typeof ledgerPostings.$inferSelect;
