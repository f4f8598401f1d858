import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { MARKETPLACE_METHODS } from "#core/contracts/marketplace-payments.ts";
import { createdAt, money, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { userKey } from "../../users/keys.ts";
import { deals } from "../tables.ts";

/**
 * What the deals keep of the payment provider (issue 35, ADR 0074): the charges a buyer opened,
 * the provider's webhooks (each stored once), the calls that move money out (refunds and
 * transfers, written before they are made so that a crash never loses one and a retry makes
 * nothing twice) and the sellers' accounts at the provider.
 */

/**
 * A charge the buyer opened at the provider for a deal: one per deal and method attempt. The row
 * is written with its idempotency key before the provider is asked, so a retried start reaches
 * the same charge; `charge_id` and `pay_url` come from the provider's answer.
 */
export const dealCharges = pgTable(
  "deal_charges",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    method: text("method", { enum: MARKETPLACE_METHODS }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique("deal_charges_idempotency_key_unique"),
    chargeId: text("charge_id").unique("deal_charges_charge_id_unique"),
    payUrl: text("pay_url"),
    /** The provider's payment once paid: refunds name it. */
    paymentId: text("payment_id"),
    /** When the provider's word that it was paid was applied to the deal. */
    paidAt: timestamptz("paid_at"),
    /** The provider said it failed or expired: a new attempt opens a new charge. */
    endedAt: timestamptz("ended_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("deal_charges_deal_id_idx").on(t.dealId, t.id),
    check("deal_charges_method_check", oneOf(t.method, MARKETPLACE_METHODS)),
    check("deal_charges_amount_minor_check", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A verified webhook of the provider, stored once (its event id is unique): a replay finds it and
 * changes nothing. A job processes it; `processed_at` says it was.
 */
export const dealProviderEvents = pgTable(
  "deal_provider_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    /** The port's type (`charge.paid`...) and the provider's own. */
    type: text("type").notNull(),
    providerType: text("provider_type").notNull(),
    objectId: text("object_id").notNull(),
    reference: text("reference"),
    /** When the webhook was received. */
    createdAt: createdAt(),
    processedAt: timestamptz("processed_at"),
  },
  (t) => [uniqueIndex("deal_provider_events_event_unique").on(t.provider, t.eventId)],
);

export const PROVIDER_CALL_KINDS = ["refund", "transfer"] as const;
export type ProviderCallKind = (typeof PROVIDER_CALL_KINDS)[number];

/**
 * Money going out through the provider, decided in the deal's transaction and made by a job
 * (an outbox): a refund of a payment or a transfer to the seller's account. The idempotency key
 * is the provider's too, so the job run again after a crash gets the first answer back.
 * `done_at` and `provider_object_id` record the provider's answer.
 */
export const dealProviderCalls = pgTable(
  "deal_provider_calls",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: PROVIDER_CALL_KINDS }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique("deal_provider_calls_idempotency_key_unique"),
    /** Refund: the payment refunded. Transfer: the seller's account. */
    target: text("target").notNull(),
    /** Transfer: the payment the money came from. */
    sourcePaymentId: text("source_payment_id"),
    providerObjectId: text("provider_object_id"),
    attempts: integer("attempts").notNull().default(0),
    /** The provider's last refusal (its code), for the operator; cleared when done. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamptz("done_at"),
  },
  (t) => [
    index("deal_provider_calls_deal_id_idx").on(t.dealId),
    index("deal_provider_calls_pending_idx").on(t.id).where(sql`${t.doneAt} is null`),
    check("deal_provider_calls_kind_check", oneOf(t.kind, PROVIDER_CALL_KINDS)),
    check("deal_provider_calls_amount_minor_check", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A seller's account at the provider: where released money is transferred once the provider has
 * verified who they are (`payouts_enabled`, from the provider's word, never the seller's).
 */
export const sellerPayoutAccounts = pgTable("seller_payout_accounts", {
  userId: integer("user_id").primaryKey().references(userKey, { onDelete: "restrict" }),
  provider: text("provider").notNull(),
  accountId: text("account_id").notNull().unique("seller_payout_accounts_account_id_unique"),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type DealCharge = typeof dealCharges.$inferSelect;
export type DealProviderCall = typeof dealProviderCalls.$inferSelect;
export type SellerPayoutAccount = typeof sellerPayoutAccounts.$inferSelect;
