import { z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { AdminVoucherSchema } from "#core/schemas/admin-orders-vouchers.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

/** The back office's vouchers (scope `orders`): list with uses, create, read, edit; audited. */
export const adminVouchersApi = createApiRouter();

const VoucherBody = z
  .object({
    code: z.string(),
    kind: z.enum(["percent", "fixed"]),
    value: z.number().int().openapi({ description: "Percent (1-100), or whole CZK for fixed" }),
    minCart: z.number().int().optional().openapi({ description: "Whole CZK; absent = none" }),
    validFrom: z.string().optional().openapi({ description: "Prague local time YYYY-MM-DDTHH:mm" }),
    validTo: z.string().optional(),
    usageLimitTotal: z.number().int().optional(),
    usageLimitPerUser: z.number().int().optional(),
    requiresEmail: z.string().optional(),
    influencer: z.union([z.string(), z.number().int()]).optional().openapi({
      description:
        "The user who sees the statistics: their e-mail or user number (an unknown one is refused at this field)",
    }),
    marginPercent: z.number().int().optional(),
    isActive: z.boolean(),
  })
  .openapi("AdminVoucherInput");

const saved = jsonContent(z.object({ id: z.number().int() }), "Saved");

adminVouchersApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/vouchers",
    summary: "Vouchers with their uses, newest first; `q` searches the code",
    request: {
      query: z.object({
        q: z.string().max(100).optional(),
        sort: z.enum(["createdAt", "code"]).optional(),
        dir: z.enum(["asc", "desc"]).optional(),
        page: z
          .string()
          .regex(/^\d{1,6}$/)
          .optional(),
        size: z.enum(["25", "50", "100"]).optional(),
      }),
    },
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()).openapi("AdminVoucherPage"), "One page"),
    },
  }),
  async (c) => {
    const query = tableQuerySchema(["createdAt", "code"] as const).parse(c.req.valid("query"));
    return c.json(await c.get("services").orders.vouchers(query), 200);
  },
);

adminVouchersApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/vouchers/{id}",
    summary:
      "One voucher as the form edits it (the influencer by their e-mail), with its uses and who the influencer is (number, username, first name, e-mail)",
    request: { params: z.object({ id: idPathParam("The voucher's id") }) },
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()).openapi("AdminVoucher"), "The voucher"),
      404: jsonContent(MessageBody, "No such voucher"),
    },
  }),
  async (c) => {
    const found = await c.get("services").orders.voucher(c.req.valid("param").id);
    if (!found) return c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
    return c.json(found, 200);
  },
);

for (const method of ["post", "put"] as const) {
  adminVouchersApi.openapi(
    adminRoute("orders", {
      method,
      path: method === "post" ? "/admin/vouchers" : "/admin/vouchers/{id}",
      summary:
        method === "post"
          ? "Creates a voucher with every rule the shop enforces (percent or amount, validity, limits, minimum cart, e-mail, active, influencer); audited"
          : "Edits a voucher; audited with before and after",
      request: {
        ...(method === "put" ? { params: z.object({ id: idPathParam("The voucher's id") }) } : {}),
        body: { required: true, content: { "application/json": { schema: VoucherBody } } },
      },
      responses: {
        200: saved,
        404: jsonContent(MessageBody, "No such voucher"),
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const locale = c.get("locale");
      const id = method === "put" ? Number(c.req.param("id")) : null;
      const parsed = AdminVoucherSchema.safeParse(c.req.valid("json"));
      if (!parsed.success) return c.json({ errors: issuesToFieldErrors(parsed.error.issues, locale) }, 422);
      const result = await c.get("services").orders.saveVoucher(id, parsed.data, c.get("user")!.id);
      if (result.ok) return c.json({ id: result.value.id }, 200);
      if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
      const { field } = result.details;
      const key = field === "code" ? "codeTaken" : "noInfluencer";
      return c.json({ errors: { [field]: [translate(locale, `adminOrders.vouchers.errors.${key}`)] } }, 422);
    },
  );
}
