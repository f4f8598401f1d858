import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ADMIN_DEAL_SORTS, PROVIDER_CALL_STATES } from "#core/contracts/admin-deals.ts";
import { translate } from "#core/i18n/index.ts";
import { DEAL_STATUSES } from "#core/lifecycles/deal.ts";
import { CancelDealSchema } from "#core/schemas/admin-deals.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import type { AppEnv } from "#server/http/types.ts";

/**
 * The back office's deals (scope `deals`; issue 35, item 9; ADR 0076): the deals with the overdue
 * first, one deal, the operator's cancel and retry, and the provider's payouts and refunds (the
 * held money's checks are server/modules/held-money's). Every move is audited by the service.
 */
export const adminDealsApi = createApiRouter();

const actorOf = (c: Context<AppEnv>) => ({ actorId: c.get("user")!.id, ip: c.get("clientIp") });
const notFound = (c: Context<AppEnv>) =>
  c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);

const page = z
  .string()
  .regex(/^\d{1,6}$/)
  .optional();

const Party = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  deleted: z.boolean(),
});

adminDealsApi.openapi(
  adminRoute("deals", {
    method: "get",
    path: "/admin/deals",
    summary:
      "Deals through Rarita, the overdue first (awaiting payment past pay-by, paid past ship-by): `q` finds a deal's number or a party's e-mail or username; filter by status",
    request: {
      query: z.object({
        q: z.string().max(100).optional(),
        sort: z.enum(ADMIN_DEAL_SORTS).optional(),
        dir: z.enum(["asc", "desc"]).optional(),
        page,
        size: z.enum(["25", "50", "100"]).optional(),
        status: z.enum(DEAL_STATUSES).optional(),
      }),
    },
    responses: {
      200: jsonContent(
        z.object({
          rows: z.array(
            z.object({
              id: z.number().int(),
              status: z.enum(DEAL_STATUSES),
              overdue: z.boolean(),
              dueAt: z.string().nullable(),
              productId: z.number().int(),
              productName: z.string(),
              buyer: Party.nullable(),
              seller: Party.nullable(),
              totalMinor: z.number().int(),
              createdAt: z.string(),
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
    const { status, ...table } = c.req.valid("query");
    const query = tableQuerySchema(ADMIN_DEAL_SORTS).parse(table);
    return c.json(await c.get("services").dealsAdmin.deals(query, { status }, c.get("locale")), 200);
  },
);

adminDealsApi.openapi(
  adminRoute("deals", {
    method: "get",
    path: "/admin/deals/payouts",
    summary:
      "The provider's transfers to sellers and refunds to buyers: refused first (with the provider's code and the attempts), then pending, then done; newest first in each",
    request: {
      query: z.object({
        page,
        size: z.enum(["25", "50", "100"]).optional(),
        state: z.enum(PROVIDER_CALL_STATES).optional(),
        kind: z.enum(["refund", "transfer"]).optional(),
      }),
    },
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()).openapi("AdminDealPayouts"), "One page"),
    },
  }),
  async (c) => {
    const { state, kind, ...table } = c.req.valid("query");
    const query = tableQuerySchema(ADMIN_DEAL_SORTS).parse(table);
    return c.json(await c.get("services").dealsAdmin.providerCalls(query, { state, kind }), 200);
  },
);

adminDealsApi.openapi(
  adminRoute("deals", {
    method: "get",
    path: "/admin/deals/{id}",
    summary:
      "One deal: parties, the money's breakdown, the ledger's balances and postings, the charges, the provider's calls, the status history and the provider's webhooks",
    request: { params: z.object({ id: idPathParam("The deal's number") }) },
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()).openapi("AdminDeal"), "The deal"),
      404: jsonContent(MessageBody, "No such deal"),
    },
  }),
  async (c) => {
    const found = await c.get("services").dealsAdmin.deal(c.req.valid("param").id, c.get("locale"));
    return found ? c.json(found, 200) : notFound(c);
  },
);

adminDealsApi.openapi(
  adminRoute("deals", {
    method: "post",
    path: "/admin/deals/{id}/cancel",
    summary:
      "Cancels a deal before the goods left (awaiting payment, paid, ready for pickup), with a required reason: what is held is refunded in full through the provider, both sides are told; audited",
    request: {
      params: z.object({ id: idPathParam("The deal's number") }),
      body: { required: true, content: { "application/json": { schema: CancelDealSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ id: z.number().int(), status: z.literal("cancelled") }), "Cancelled"),
      404: jsonContent(MessageBody, "No such deal"),
      409: jsonContent(MessageBody, "The goods have left, or the deal has ended"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const result = await c.get("services").dealsAdmin.cancel(id, c.req.valid("json"), actorOf(c));
    if (result.ok) return c.json({ id, status: "cancelled" as const }, 200);
    if (result.code === "not_found") return notFound(c);
    if (result.code === "invalid")
      return c.json(
        { errors: { reason: [translate(c.get("locale"), "adminDeals.errors.reasonRequired")] } },
        422,
      );
    return c.json({ message: translate(c.get("locale"), "adminDeals.errors.cannotCancel") }, 409);
  },
);

adminDealsApi.openapi(
  adminRoute("deals", {
    method: "post",
    path: "/admin/deals/{id}/retry-calls",
    summary:
      "Makes the deal's refunds and transfers not made yet now, each with its idempotency key (a call made before answers its first result); audited",
    request: { params: z.object({ id: idPathParam("The deal's number") }) },
    responses: {
      200: jsonContent(
        z.object({ done: z.number().int(), refused: z.number().int(), failed: z.number().int() }),
        "What the provider answered",
      ),
      404: jsonContent(MessageBody, "No such deal"),
      409: jsonContent(MessageBody, "No payment provider is configured"),
    },
  }),
  async (c) => {
    const result = await c.get("services").dealsAdmin.retryCalls(c.req.valid("param").id, actorOf(c));
    if (result.ok) return c.json(result.value, 200);
    if (result.code === "not_found") return notFound(c);
    return c.json({ message: translate(c.get("locale"), "adminDeals.errors.noProvider") }, 409);
  },
);
