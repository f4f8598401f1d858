import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { PAYMENT_METHODS } from "#core/contracts/payments.ts";
import { createdAt, money, nonNegative, oneOf } from "#server/db/columns.ts";
import { invoiceKey } from "../../invoicing/keys.ts";
import { orderKey } from "../../orders/keys.ts";
import { userKey } from "../../users/keys.ts";
import { payments } from "../tables.ts";

/**
 * An order's refund by the operator (docs/product/payments.md, "Refunds"): what went back to the
 * customer, through which payment, who decided it and the credit note that corrects the tax
 * document. A card payment goes back through the gateway; a bank transfer is sent back by hand.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id").notNull().references(orderKey, { onDelete: "restrict" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    reason: text("reason"),
    creditNoteId: integer("credit_note_id").references(invoiceKey, { onDelete: "set null" }),
    createdBy: integer("created_by").references(userKey, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_refunds_order_id_idx").on(t.orderId),
    check("order_refunds_method_check", oneOf(t.method, PAYMENT_METHODS)),
    check("order_refunds_amount_minor_check", nonNegative(t.amountMinor)),
  ],
);

export type OrderRefund = typeof orderRefunds.$inferSelect;
