import { z } from "zod";
import { ORDER_KINDS, PAYMENT_METHODS } from "#core/contracts/payments.ts";
import { SHOP_PAYMENT_METHODS } from "#core/contracts/shop.ts";
import { ORDER_STATUSES } from "#core/lifecycles/order.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { CONTROL_CHARACTER } from "#core/validation/text-input.ts";

/** The back office's orders and money (docs/product/back-office.md, "Orders and money"). */
export const ADMIN_ORDER_SORTS = ["createdAt", "totalMinor", "id"] as const;
export const ADMIN_PAYMENT_SORTS = ["createdAt", "amountMinor", "paidAt"] as const;
export const ADMIN_STATEMENT_SORTS = ["createdAt", "statementDate"] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The orders table's own filters from the URL; anything unknown is dropped. */
export const AdminOrderFiltersSchema = z.object({
  kind: z.enum(ORDER_KINDS).optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  method: z.enum(SHOP_PAYMENT_METHODS).optional().catch(undefined),
  from: day,
  to: day,
});

export const AdminPaymentFiltersSchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: "validation.controlCharacters" })
    .optional();

/**
 * Handing a paid shop order to the carrier, with the carrier's tracking number when it has one: the
 * order page's "Ship" form and the body of POST /api/admin/orders/{id}/shipped.
 */
export const ShipOrderSchema = z.object({ trackingNumber: optionalText(100) });

/** A full refund, with the reason the accountant gives (POST /api/admin/orders/{id}/refund). */
export const RefundOrderSchema = z.object({ reason: optionalText(500) });

/** A move on the order's page: one form per move, told apart by `intent`. */
export const AdminOrderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("paid") }),
  ShipOrderSchema.extend({ intent: z.literal("shipped") }),
  z.object({ intent: z.literal("delivered") }),
  z.object({ intent: z.literal("cancel") }),
  RefundOrderSchema.extend({ intent: z.literal("refund") }),
]);
export type AdminOrderAction = z.infer<typeof AdminOrderActionSchema>["intent"];

/**
 * The order a statement's line pays, by its number (= the variable symbol): the statement page's
 * "Assign" form and the body of POST /api/admin/bank-statements/{id}/lines/{lineId}/assign. A
 * number in JSON; Conform turns the form's text into one.
 */
export const AssignStatementLineSchema = z.object({
  orderId: z
    .number({
      error: (issue) =>
        issue.input === undefined ? "validation.required" : "adminOrders.statements.errors.orderNumber",
    })
    .int({ error: "adminOrders.statements.errors.orderNumber" })
    .positive({ error: "adminOrders.statements.errors.orderNumber" })
    .max(MAX_INT4, { error: "adminOrders.statements.errors.orderNotFound" }),
});

const lineId = z.number().int().positive().max(MAX_INT4);

/** Settling a statement's line on its page: assign it to an order number, or set it aside. */
export const StatementLineActionSchema = z.discriminatedUnion("intent", [
  AssignStatementLineSchema.extend({ intent: z.literal("assign"), lineId }),
  z.object({ intent: z.literal("ignore"), lineId }),
]);
