import { z } from "zod";
import { ORDER_KINDS, PAYMENT_METHODS } from "#core/contracts/payments.ts";
import { SHOP_PAYMENT_METHODS } from "#core/contracts/shop.ts";
import { ORDER_STATUSES } from "#core/lifecycles/order.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";

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

/** A move on the order's page. */
export const AdminOrderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("paid") }),
  z.object({ intent: z.literal("shipped"), trackingNumber: z.string().trim().max(100).optional() }),
  z.object({ intent: z.literal("delivered") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("refund"), reason: z.string().trim().max(500).optional() }),
]);
export type AdminOrderAction = z.infer<typeof AdminOrderActionSchema>["intent"];

/** Settling a statement's line: assign it to an order number, or set it aside. */
export const StatementLineActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("assign"),
    lineId: z.coerce.number().int().positive().max(2_147_483_647),
    orderId: z.coerce.number({ message: "validation.required" }).int().positive().max(2_147_483_647),
  }),
  z.object({ intent: z.literal("ignore"), lineId: z.coerce.number().int().positive().max(2_147_483_647) }),
]);
