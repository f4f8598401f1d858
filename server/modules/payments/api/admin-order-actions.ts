import { z } from "@hono/zod-openapi";
import { ORDER_KINDS } from "#core/contracts/payments.ts";
import { SHOP_PAYMENT_METHODS } from "#core/contracts/shop.ts";
import { translate } from "#core/i18n/index.ts";
import { ORDER_STATUSES } from "#core/lifecycles/order.ts";
import { RefundOrderSchema } from "#core/schemas/admin-orders.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import { ORDER_SORTS } from "../../orders/index.ts";

/** The back office's orders (scope `orders`): the list of every kind, one order, cancel and refund. */
export const adminOrderActionsApi = createApiRouter();

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

adminOrderActionsApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/orders",
    summary:
      "Orders of every kind (shop, listing fee, promotion), newest first: `q` finds an order number (= its variable symbol) or an e-mail; filters by kind, status, payment method and the day created (from, to)",
    request: {
      query: z.object({
        q: z.string().max(100).optional(),
        sort: z.enum(ORDER_SORTS).optional(),
        dir: z.enum(["asc", "desc"]).optional(),
        page: z
          .string()
          .regex(/^\d{1,6}$/)
          .optional(),
        size: z.enum(["25", "50", "100"]).optional(),
        kind: z.enum(ORDER_KINDS).optional(),
        status: z.enum(ORDER_STATUSES).optional(),
        method: z.enum(SHOP_PAYMENT_METHODS).optional(),
        from: date,
        to: date,
      }),
    },
    responses: {
      200: jsonContent(
        z.object({
          rows: z.array(
            z.object({
              id: z.number().int(),
              kind: z.enum(ORDER_KINDS),
              status: z.enum(ORDER_STATUSES),
              email: z.string(),
              paymentMethod: z.enum(SHOP_PAYMENT_METHODS).nullable(),
              totalMinor: z.number().int(),
              createdAt: z.string(),
              paidAt: z.string().nullable(),
            }),
          ),
          total: z.number().int(),
          page: z.number().int(),
          size: z.number().int(),
        }),
        "One page",
      ),
    },
  }),
  async (c) => {
    const { kind, status, method, from, to, ...table } = c.req.valid("query");
    const query = tableQuerySchema(ORDER_SORTS).parse(table);
    return c.json(await c.get("services").orders.adminOrders(query, { kind, status, method, from, to }), 200);
  },
);

adminOrderActionsApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/orders/{id}",
    summary:
      "One order: lines, customer, addresses, delivery, payments, tax documents, refunds, what happened when and the moves its state allows",
    request: { params: z.object({ id: idPathParam("The order's number") }) },
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()).openapi("AdminOrder"), "The order"),
      404: jsonContent(MessageBody, "No such order"),
    },
  }),
  async (c) => {
    const found = await c.get("services").payments.adminOrder(c.req.valid("param").id);
    if (!found) return c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
    return c.json(found, 200);
  },
);

adminOrderActionsApi.openapi(
  adminRoute("orders", {
    method: "post",
    path: "/admin/orders/{id}/cancel",
    summary:
      "Cancels an unpaid order; a shop order's pieces go back to stock and its voucher use is freed, as the reservation sweep does; audited",
    request: { params: z.object({ id: idPathParam("The order's number") }) },
    responses: {
      200: jsonContent(z.object({ id: z.number().int(), status: z.literal("cancelled") }), "Cancelled"),
      404: jsonContent(MessageBody, "No such order"),
      409: jsonContent(MessageBody, "The order lifecycle does not allow it (paid, shipped, cancelled...)"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const locale = c.get("locale");
    const result = await c.get("services").payments.cancelOrder(id, c.get("user")!.id);
    if (result.ok) return c.json({ id, status: "cancelled" as const }, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    return c.json({ message: translate(locale, "payments.errors.orderMoveNotAllowed") }, 409);
  },
);

adminOrderActionsApi.openapi(
  adminRoute("orders", {
    method: "post",
    path: "/admin/orders/{id}/refund",
    summary:
      "Refunds a paid, shipped or delivered order in full: a card payment through its gateway, a transfer by hand; the order becomes refunded, a credit note corrects its tax document, unshipped pieces go back, the customer gets a mail; audited",
    request: {
      params: z.object({ id: idPathParam("The order's number") }),
      body: {
        required: false,
        content: {
          // The page's "Refund" form reads the same schema.
          "application/json": { schema: RefundOrderSchema },
        },
      },
    },
    responses: {
      200: jsonContent(z.object({ id: z.number().int(), status: z.literal("refunded") }), "Refunded"),
      404: jsonContent(MessageBody, "No such order"),
      409: jsonContent(MessageBody, "The order lifecycle does not allow it (not paid)"),
      422: errorResponses[422],
      502: jsonContent(MessageBody, "The card gateway refused the refund or is off; nothing changed"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const locale = c.get("locale");
    const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
    const result = await c
      .get("services")
      .payments.refundOrder(id, { actorId: c.get("user")!.id, reason: body?.reason || null });
    if (result.ok) return c.json({ id, status: "refunded" as const }, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    if (result.code === "not_allowed")
      return c.json({ message: translate(locale, "payments.errors.orderMoveNotAllowed") }, 409);
    return c.json({ message: translate(locale, "adminOrders.errors.gatewayFailed") }, 502);
  },
);
