import { z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

/**
 * The held money's checks in the back office (scope `deals`; issue 35, item 4; ADR 0076): the
 * history and "Check now". Mounted before the deals' `/admin/deals/{id}`, which would take the
 * path's last segment for a deal's number.
 */
export const heldMoneyApi = createApiRouter();

const Reconciliation = z.object({
  id: z.number().int(),
  checkedAt: z.string(),
  expectedMinor: z
    .number()
    .int()
    .openapi({ description: "Σ paid charges − Σ refunds made − Σ transfers made" }),
  providerMinor: z.number().int().openapi({ description: "The provider's balance: available + pending" }),
  differenceMinor: z.number().int().openapi({ description: "provider − expected; 0 when they match" }),
  requestedBy: z.string().nullable().openapi({ description: "null: the daily job" }),
});

heldMoneyApi.openapi(
  adminRoute("deals", {
    method: "get",
    path: "/admin/deals/reconciliations",
    summary:
      "The checks of the held money, newest first: what the provider holds against what Rarita's records say it should; `configured` false without a payment provider",
    responses: {
      200: jsonContent(z.object({ configured: z.boolean(), history: z.array(Reconciliation) }), "The checks"),
    },
  }),
  async (c) => c.json(await c.get("services").heldMoney.reconciliations(), 200),
);

heldMoneyApi.openapi(
  adminRoute("deals", {
    method: "post",
    path: "/admin/deals/reconciliations",
    summary: "Checks the held money now (as the daily job does) and stores the result; audited",
    responses: {
      201: jsonContent(Reconciliation.omit({ requestedBy: true }), "Checked"),
      409: jsonContent(MessageBody, "No payment provider is configured"),
    },
  }),
  async (c) => {
    const result = await c
      .get("services")
      .heldMoney.reconcileNow({ actorId: c.get("user")!.id, ip: c.get("clientIp") });
    if (!result.ok)
      return c.json({ message: translate(c.get("locale"), "adminDeals.errors.noProvider") }, 409);
    const { id, checkedAt, expectedMinor, providerMinor, differenceMinor } = result.value;
    return c.json(
      { id, checkedAt: checkedAt.toISOString(), expectedMinor, providerMinor, differenceMinor },
      201,
    );
  },
);
