import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { PAYMENT_METHODS, REFUND_REASONS } from "#core/contracts/payments.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";
import { TEST_GATEWAY_STATES, type TestGatewayState } from "#core/lifecycles/test-gateway.ts";
import { createdAt, LOCALES, money, nonNegative, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { orderKey } from "../orders/keys.ts";

/** Payment attempts of an order through one method/provider (bank transfer, card gateway, test gateway). */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id").notNull().references(orderKey, { onDelete: "restrict" }),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    /** Adapter name, e.g. 'bank', 'stripe', 'gopay', 'test'. */
    provider: text("provider").notNull(),
    /** The provider's id of the payment (checkout session...); NULL until the provider assigns one. */
    providerPaymentId: text("provider_payment_id"),
    /** Card: where the gateway takes the payer; a second start of the order's open payment goes there again. */
    redirectUrl: text("redirect_url"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("created"),
    amountMinor: money("amount_minor").notNull(),
    /** Bank transfer: the variable symbol (VS) used to pair the incoming payment. */
    variableSymbol: text("variable_symbol"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz("paid_at"),
    /**
     * Set with status 'refunded' when the refund is decided (in the transaction that sees the
     * duplicate); the refund is done at the gateway after that commits, and `refundedAt` records
     * that the gateway took it. 'refunded' with `refundedAt` NULL = the gateway call is still due.
     */
    refundReason: text("refund_reason", { enum: REFUND_REASONS }),
    refundedAt: timestamptz("refunded_at"),
  },
  (t) => [
    unique("payments_provider_payment_id_unique").on(t.provider, t.providerPaymentId),
    index("payments_order_id_idx").on(t.orderId),
    index("payments_variable_symbol_idx").on(t.variableSymbol),
    check("payments_method_check", oneOf(t.method, PAYMENT_METHODS)),
    check("payments_status_check", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_amount_minor_check", nonNegative(t.amountMinor)),
    check("payments_refund_reason_check", oneOf(t.refundReason, REFUND_REASONS)),
    // The operator's list of refunded payments.
    index("payments_refunded_idx").on(t.status, t.id).where(sql`${t.status} = 'refunded'`),
  ],
);

/** Received webhook events; (provider, event_id) is unique, so a redelivered event is processed once. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    processedAt: timestamptz("processed_at"),
  },
  (t) => [unique("payment_events_provider_event_id_unique").on(t.provider, t.eventId)],
);

/**
 * The test gateway's own records (server/modules/payments/gateways.ts): the provider's side of a
 * card payment, kept apart from `payments` so that the shop reads a payment's state from the
 * "provider" exactly as it would from a real gateway. Used where the test gateway is on.
 */
export { TEST_GATEWAY_STATES, type TestGatewayState };

export const testGatewayPayments = pgTable(
  "test_gateway_payments",
  {
    id: text("id").primaryKey(),
    /** The shop's reference (its payment id): creating twice with one reference opens one payment. */
    reference: text("reference").unique("test_gateway_payments_reference_unique"),
    amountMinor: money("amount_minor").notNull(),
    currencyCode: text("currency_code").notNull(),
    description: text("description").notNull(),
    state: text("state", { enum: TEST_GATEWAY_STATES }).notNull().default("created"),
    /** Where the payer goes back to: a path on this site. */
    returnPath: text("return_path").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("cs"),
    /** What was returned to the payer (state 'refunded'). */
    refundedMinor: money("refunded_minor"),
    refundedAt: timestamptz("refunded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("test_gateway_payments_state_check", oneOf(t.state, TEST_GATEWAY_STATES)),
    check("test_gateway_payments_amount_minor_check", nonNegative(t.amountMinor)),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type TestGatewayPayment = typeof testGatewayPayments.$inferSelect;
