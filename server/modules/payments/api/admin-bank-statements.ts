import { z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { translate } from "#core/i18n/index.ts";
import { AssignStatementLineSchema } from "#core/schemas/admin-orders.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import { MAX_STATEMENT_BYTES } from "../bank/parsed.ts";
import { STATEMENT_SORTS } from "../bank/read.ts";
import { BANK_LINE_OUTCOMES, BANK_LINE_REASONS, BANK_STATEMENT_FORMATS } from "../tables/bank.ts";

/**
 * The accountant's bank statements (scope `orders`, docs/decisions/0024-bank-statement-import.md):
 * import a CAMT.053 or GPC file, read what matched, settle what did not.
 */
export const adminBankStatementsApi = createApiRouter();

/** A statement file plus the multipart envelope. */
export const BANK_STATEMENT_BODY_MAX = MAX_STATEMENT_BYTES + 64 * 1024;

/**
 * A statement's upload (a busy month's CAMT.053 is larger than the API's 1 MB): server/http/app.ts
 * leaves it to the statement's own limit set here (5 MB, as on the page). Any other body, this
 * path's included when it is no multipart upload, keeps the API's limit.
 */
export function isBankStatementUpload(
  method: string,
  path: string,
  contentType: string | undefined,
): boolean {
  return (
    method === "POST" &&
    /^multipart\/form-data\b/i.test(contentType ?? "") &&
    /^\/api\/admin\/bank-statements\/?$/.test(path)
  );
}

const statementLimit = bodyLimit({
  maxSize: BANK_STATEMENT_BODY_MAX,
  onError: (c) =>
    c.json({ message: translate(c.get("locale"), "adminOrders.statements.errors.tooLarge") }, 413),
});
adminBankStatementsApi.use("/admin/bank-statements", (c, next) =>
  isBankStatementUpload(c.req.method, c.req.path, c.req.header("content-type"))
    ? statementLimit(c, next)
    : next(),
);

const Statement = z
  .object({
    id: z.number().int(),
    format: z.enum(BANK_STATEMENT_FORMATS),
    fileName: z.string(),
    account: z.string().nullable(),
    reference: z.string().nullable(),
    statementDate: z.string().nullable(),
    importedBy: z.number().int().nullable(),
    lineCount: z.number().int(),
    matchedCount: z.number().int(),
    createdAt: z.string(),
  })
  .openapi("AdminBankStatement");

const Line = z
  .object({
    id: z.number().int(),
    statementId: z.number().int(),
    entryKey: z.string().openapi({ description: "The line's identity at the bank: a line pays once" }),
    direction: z.enum(["credit", "debit"]),
    amountMinor: z.number().int(),
    currencyCode: z.string(),
    bookedOn: z.string().nullable(),
    variableSymbol: z.string().nullable(),
    counterAccount: z.string().nullable(),
    counterName: z.string().nullable(),
    message: z.string().nullable(),
    outcome: z.enum(BANK_LINE_OUTCOMES),
    reason: z.enum(BANK_LINE_REASONS).nullable(),
    orderId: z.number().int().nullable(),
    resolvedBy: z.number().int().nullable(),
    resolvedAt: z.string().nullable(),
  })
  .openapi("AdminBankStatementLine");

const ids = z.object({
  id: idPathParam("The statement's id"),
  lineId: idPathParam("The line's id", 3, "lineId"),
});

adminBankStatementsApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/bank-statements",
    summary: "Imported bank statements, newest first; `q` searches the file name and the bank's reference",
    request: {
      query: z.object({
        q: z.string().max(100).optional(),
        sort: z.enum(STATEMENT_SORTS).optional(),
        dir: z.enum(["asc", "desc"]).optional(),
        page: z
          .string()
          .regex(/^\d{1,6}$/)
          .optional(),
        size: z.enum(["25", "50", "100"]).optional(),
      }),
    },
    responses: {
      200: jsonContent(
        z.object({
          rows: z.array(Statement),
          total: z.number().int(),
          page: z.number().int(),
          size: z.number().int(),
        }),
        "One page",
      ),
    },
  }),
  async (c) => {
    const query = tableQuerySchema(STATEMENT_SORTS).parse(c.req.valid("query"));
    return c.json(await c.get("services").payments.bankStatements(query), 200);
  },
);

adminBankStatementsApi.openapi(
  adminRoute("orders", {
    method: "post",
    path: "/admin/bank-statements",
    summary:
      "Imports a statement (multipart field `file`: CAMT.053 XML or GPC/ABO, at most 5 MB, as on the page; a larger body is refused with 413). Each credit whose variable symbol names an unpaid order of exactly that amount pays it; the rest wait with their reason. The same file again answers its first import (`duplicate`); a line already imported pays nothing again. Audited",
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }),
          },
        },
      },
    },
    responses: {
      200: jsonContent(
        z.object({
          statementId: z.number().int(),
          duplicate: z.boolean(),
          matched: z.number().int(),
          lines: z.number().int(),
        }),
        "Imported (or imported before)",
      ),
      413: jsonContent(MessageBody, "The file is larger than 5 MB"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File))
      return c.json({ errors: { file: [translate(locale, "validation.required")] } }, 422);
    const result = await c
      .get("services")
      .payments.importBankStatement(
        { name: file.name || "statement", bytes: new Uint8Array(await file.arrayBuffer()) },
        c.get("user")!.id,
      );
    if (!result.ok)
      return c.json(
        { errors: { file: [translate(locale, `adminOrders.statements.errors.${result.code}`)] } },
        422,
      );
    return c.json(result.value, 200);
  },
);

adminBankStatementsApi.openapi(
  adminRoute("orders", {
    method: "get",
    path: "/admin/bank-statements/{id}",
    summary:
      "A statement with its lines: matched, assigned, ignored, unmatched (with the reason) and duplicates",
    request: { params: z.object({ id: idPathParam("The statement's id") }) },
    responses: {
      200: jsonContent(z.object({ statement: Statement, lines: z.array(Line) }), "The statement"),
      404: jsonContent(MessageBody, "No such statement"),
    },
  }),
  async (c) => {
    const found = await c.get("services").payments.bankStatement(c.req.valid("param").id);
    if (!found) return c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
    return c.json(found, 200);
  },
);

/** What a refused settlement says (409), by its status. */
const REFUSALS = {
  not_open: "adminOrders.statements.errors.lineNotOpen",
  debit: "adminOrders.statements.errors.lineDebit",
  order_not_found: "adminOrders.statements.errors.orderNotFound",
  order_not_payable: "adminOrders.statements.errors.orderNotPayable",
} as const;

adminBankStatementsApi.openapi(
  adminRoute("orders", {
    method: "post",
    path: "/admin/bank-statements/{id}/lines/{lineId}/assign",
    summary:
      "Assigns an unmatched credit line to an unpaid order, which it pays (the accountant checked the amount); audited",
    request: {
      params: ids,
      // The page's "Assign" form reads the same schema (core/schemas/admin-orders.ts).
      body: { required: true, content: { "application/json": { schema: AssignStatementLineSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ status: z.literal("assigned") }), "Assigned, the order paid"),
      404: jsonContent(MessageBody, "No such line"),
      409: jsonContent(MessageBody, "Not an open credit line, or the order cannot be paid"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { id, lineId } = c.req.valid("param");
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .payments.assignStatementLine(
        { statementId: id, lineId, orderId: c.req.valid("json").orderId },
        c.get("user")!.id,
      );
    if (result.ok) return c.json({ status: "assigned" as const }, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    return c.json({ message: translate(locale, REFUSALS[result.code]) }, 409);
  },
);

adminBankStatementsApi.openapi(
  adminRoute("orders", {
    method: "post",
    path: "/admin/bank-statements/{id}/lines/{lineId}/ignore",
    summary: "Sets an unmatched line aside (a bank fee, a transfer that is no order's); audited",
    request: { params: ids },
    responses: {
      200: jsonContent(z.object({ status: z.literal("ignored") }), "Set aside"),
      404: jsonContent(MessageBody, "No such line"),
      409: jsonContent(MessageBody, "Not an open line"),
    },
  }),
  async (c) => {
    const { id, lineId } = c.req.valid("param");
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .payments.ignoreStatementLine({ statementId: id, lineId }, c.get("user")!.id);
    if (result.ok) return c.json({ status: "ignored" as const }, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    return c.json({ message: translate(locale, REFUSALS.not_open) }, 409);
  },
);
