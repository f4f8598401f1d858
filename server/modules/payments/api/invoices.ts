import { createRoute, z } from "@hono/zod-openapi";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { InvoiceSchema, notFoundBody, user } from "./schemas.ts";

/** The caller's tax documents, as issued. */
export const invoicesApi = createApiRouter();

invoicesApi.openapi(
  createRoute({
    method: "get",
    path: "/me/invoices/{number}",
    tags: ["payments"],
    summary:
      "One of the caller's tax documents, as issued when the order was paid: supplier, customer, lines with VAT included, the VAT summary",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({
        number: z
          .string()
          .regex(/^\d{10}$/)
          .openapi({ param: { name: "number", in: "path" }, example: "2026000001" }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ data: InvoiceSchema }), "The document"),
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such document of the caller's"),
    },
  }),
  async (c) => {
    const invoice = await c.get("services").orders.invoice(user(c).id, c.req.valid("param").number);
    return invoice ? c.json({ data: invoice }, 200) : c.json(notFoundBody(c), 404);
  },
);
