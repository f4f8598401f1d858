import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS } from "#core/contracts/payments.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

/** The back office's list of payments (scope `orders`). */
export const adminPaymentsApi = createApiRouter();

const AdminPaymentSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    provider: z.string(),
    providerPaymentId: z.string().nullable().openapi({ description: "The payment's id at the gateway" }),
    status: z.enum(PAYMENT_STATUSES),
    amountMinor: z.number().int().openapi({ description: "CZK minor units" }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    refundedAsDuplicate: z.boolean().openapi({
      description:
        "A card payment that succeeded for an order already paid by another payment, so refunded to the payer through the gateway",
    }),
    refundedAt: z
      .string()
      .nullable()
      .openapi({ description: "When the gateway took the refund; null while it is still due" }),
  })
  .openapi("AdminPayment");

adminPaymentsApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/payments",
    summary:
      "Payments, newest first (at most 100): `?state=refunded` lists the duplicate card payments refunded to their payers (each also in the audit log as payment.refund_duplicate); `?orderId=` one order's payments",
    request: {
      query: z.object({
        state: z.enum(PAYMENT_STATUSES).optional(),
        orderId: z
          .string()
          .regex(/^[1-9][0-9]{0,9}$/)
          .transform(Number)
          .pipe(z.number().int().max(MAX_INT4))
          .optional()
          .openapi({ type: "integer", description: "The order's number" }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ data: z.array(AdminPaymentSchema) }), "The payments"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { state, orderId } = c.req.valid("query");
    const data = await c.get("services").payments.adminPayments({ status: state, orderId });
    return c.json({ data }, 200);
  },
);
