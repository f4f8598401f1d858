import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS } from "#core/contracts/payments.ts";
import { translate } from "#core/i18n/index.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import { SETTING_NAMES, SETTING_SPECS } from "../settings/index.ts";

/** Any JSON value here; its shape depends on the setting's name and is checked in the handler. */
const settingValue = z
  .unknown()
  .refine((value) => value !== undefined, { message: "validation.required" })
  .openapi({
    description:
      "The setting's value; its shape depends on the name (e.g. maintenance: { is_enabled: boolean }; bid: contiguous ranges { min, max, value, step } from 0, the last with max null; fees: integer CZK minor units)",
  });

export const adminApi = createApiRouter();

adminApi.openapi(
  adminRoute("settings", {
    method: "put",
    path: "/admin/settings/{name}",
    summary:
      "Set one setting (for all languages, or for one with ?lang= where the setting has language versions); the value is validated per setting; audited",
    request: {
      params: z.object({ name: z.enum(SETTING_NAMES).openapi({ param: { name: "name", in: "path" } }) }),
      query: z.object({ lang: z.enum(["cs", "en"]).optional() }),
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ value: settingValue }) } },
      },
    },
    responses: {
      200: jsonContent(z.object({ name: z.string(), value: z.unknown() }), "Saved"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    const { lang } = c.req.valid("query");
    const locale = c.get("locale");
    const spec = SETTING_SPECS[name];
    // A rule table or switch per language would make the site's rules depend on the UI language.
    if (lang && !spec.perLanguage) {
      return c.json({ errors: { lang: [translate(locale, "validation.settingForAllLanguages")] } }, 422);
    }
    const parsed = spec.schema.safeParse(c.req.valid("json").value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ["value", ...issue.path] }));
      return c.json({ errors: issuesToFieldErrors(issues, locale) }, 422);
    }
    // The parsed value: trimmed texts, nothing the schema does not know.
    const value = parsed.data;
    const services = c.get("services");
    const previous = await services.settings.put(name, lang ?? null, value);
    await services.audit.record({
      actorId: c.get("user")!.id,
      action: "setting.update",
      entity: "setting",
      entityId: lang ? `${name}:${lang}` : name,
      data: { before: previous ?? null, after: value },
      ip: c.get("clientIp"),
    });
    return c.json({ name, value }, 200);
  },
);

adminApi.openapi(
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
    if (result === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    if (result === "cancelled")
      return c.json({ message: translate(locale, "payments.errors.orderCancelled") }, 409);
    return c.json({ id, status: result }, 200);
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
  adminApi.openapi(
    adminRoute("orders", {
      method: "post",
      path: `/admin/orders/{id}/${move.to}`,
      summary: move.summary,
      request: {
        params: z.object({ id: idPathParam("The order's number") }),
        body: {
          required: false,
          content: {
            "application/json": {
              schema: z.object({
                trackingNumber: z.string().trim().min(1).max(100).optional().openapi({
                  description: "The carrier's tracking number (shipped only)",
                }),
              }),
            },
          },
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
      const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
      const payments = c.get("services").payments;
      const actorId = c.get("user")!.id;
      const result =
        move.to === "shipped"
          ? await payments.markShipped(id, { actorId, trackingNumber: body?.trackingNumber ?? null })
          : await payments.markDelivered(id, actorId);
      if (result === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
      if (result === "not_shop" || result === "not_allowed")
        return c.json(
          {
            message: translate(
              locale,
              `payments.errors.${result === "not_shop" ? "notShopOrder" : "orderMoveNotAllowed"}`,
            ),
          },
          409,
        );
      return c.json({ id, status: move.to }, 200);
    },
  );
}

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

adminApi.openapi(
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
