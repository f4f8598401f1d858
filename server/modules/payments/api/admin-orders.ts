import { z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { ShipOrderSchema } from "#core/schemas/admin-orders.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

/** The back office's moves of an order (scope `orders`): a transfer arrived, shipped, delivered. */
export const adminOrdersApi = createApiRouter();

adminOrdersApi.openapi(
  adminRoute("orders", {
    method: "post",
    path: "/admin/orders/{id}/paid",
    summary:
      "The bank transfer of an order arrived (variable symbol = order number): the order is paid and takes effect (a fee releases its listing, a promotion tops it); audited. A paid order stays as it was",
    request: {
      params: z.object({
        id: idPathParam("The order's number"),
      }),
    },
    responses: {
      200: jsonContent(z.object({ id: z.number().int(), status: z.enum(["paid", "already_paid"]) }), "Paid"),
      404: jsonContent(MessageBody, "No such order"),
      409: jsonContent(MessageBody, "The order was cancelled"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const locale = c.get("locale");
    const result = await c.get("services").payments.markPaidByTransfer(id, c.get("user")!.id);
    if (result.ok) return c.json({ id, status: result.value }, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    return c.json({ message: translate(locale, "payments.errors.orderCancelled") }, 409);
  },
);

/** The operator's moves of a shop order after payment: to the carrier, and delivered. */
const SHOP_ORDER_MOVES = [
  {
    to: "shipped",
    summary:
      "A paid shop order was handed to the carrier, with the carrier's tracking number when it has one; audited",
  },
  {
    to: "delivered",
    summary: "A shop order was delivered by the carrier, or handed over at a branch once paid; audited",
  },
] as const;

for (const move of SHOP_ORDER_MOVES) {
  adminOrdersApi.openapi(
    adminRoute("orders", {
      method: "post",
      path: `/admin/orders/{id}/${move.to}`,
      summary: move.summary,
      request: {
        params: z.object({ id: idPathParam("The order's number") }),
        // The page's "Ship" form reads the same schema (core/schemas/admin-orders.ts).
        body: {
          required: false,
          content: { "application/json": { schema: move.to === "shipped" ? ShipOrderSchema : z.object({}) } },
        },
      },
      responses: {
        200: jsonContent(z.object({ id: z.number().int(), status: z.literal(move.to) }), "Moved"),
        404: jsonContent(MessageBody, "No such order"),
        409: jsonContent(MessageBody, "Not a shop order, or not in a status this move may start from"),
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const locale = c.get("locale");
      const body: { trackingNumber?: string } = c.req.header("content-type")?.includes("application/json")
        ? c.req.valid("json")
        : {};
      const orders = c.get("services").orders;
      const actorId = c.get("user")!.id;
      const result =
        move.to === "shipped"
          ? await orders.markShipped(id, { actorId, trackingNumber: body.trackingNumber || null })
          : await orders.markDelivered(id, actorId);
      if (!result.ok && result.code === "not_found")
        return c.json({ message: translate(locale, "errors.notFound") }, 404);
      if (!result.ok)
        return c.json(
          {
            message: translate(
              locale,
              `payments.errors.${result.code === "not_shop" ? "notShopOrder" : "orderMoveNotAllowed"}`,
            ),
          },
          409,
        );
      return c.json({ id, status: move.to }, 200);
    },
  );
}
