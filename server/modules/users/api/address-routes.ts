import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody, rowId } from "#server/http/api/schemas.ts";
import type { Logger } from "#server/logger.ts";
import type { AddressView } from "../account-data.ts";
import {
  Address,
  AddressBody,
  type ApiRouter,
  json,
  KindParam,
  notFound,
  Success,
  userId,
} from "./account-views.ts";

const notStored = jsonContent(MessageBody, "Not stored: the database failed (nothing changed); try again");

/** The database failed: logged (without the query's values), answered in the address's own words. */
function storeFailed(logger: Logger, error: unknown, what: "save" | "delete"): "failed" {
  logger.error({ err: error, what }, "address not stored");
  return "failed";
}

/** /me/addresses: the caller's contact, invoice and delivery addresses. */
export function addressRoutes(api: ApiRouter) {
  readRoutes(api);
  writeRoutes(api);
}

/** GET /me/addresses and /me/addresses/{kind}. */
function readRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/me/addresses",
      tags: ["account"],
      summary: "The caller's contact, invoice and delivery addresses (null where none is stored)",
      security: bearerSecurity,
      middleware: requireUser,
      responses: {
        200: jsonContent(
          z.object({
            data: z.object({
              contact: Address.nullable(),
              invoice: Address.nullable(),
              delivery: Address.nullable(),
            }),
          }),
          "The addresses",
        ),
        401: errorResponses[401],
      },
    }),
    async (c) => c.json({ data: await c.get("services").accountData.addresses(userId(c)) }, 200),
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/me/addresses/{kind}",
      tags: ["account"],
      summary: "The caller's address of one kind; 404 when none is stored",
      security: bearerSecurity,
      middleware: requireUser,
      request: { params: z.object({ kind: KindParam }) },
      responses: {
        200: jsonContent(z.object({ data: Address }), "The address"),
        401: errorResponses[401],
        404: notFound,
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const all = await c.get("services").accountData.addresses(userId(c));
      const address: AddressView | null = all[c.req.valid("param").kind];
      if (!address)
        return c.json({ message: translate(c.get("locale"), "accountData.errors.addressNotFound") }, 404);
      return c.json({ data: address }, 200);
    },
  );
}

/** PUT and DELETE /me/addresses/{kind}. */
function writeRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "put",
      path: "/me/addresses/{kind}",
      tags: ["account"],
      summary:
        "Creates or replaces the caller's address of one kind. A company needs its name and ID (a Czech IČO with a valid check digit); the DIČ must fit the country. An `id` must be the caller's address of that kind (else 404, nothing changed)",
      security: bearerSecurity,
      middleware: requireUser,
      request: {
        params: z.object({ kind: KindParam }),
        body: { required: true, content: { "application/json": { schema: AddressBody } } },
      },
      responses: {
        200: jsonContent(z.object({ data: Address, message: z.string() }), "Saved"),
        401: errorResponses[401],
        404: notFound,
        422: errorResponses[422],
        503: notStored,
      },
    }),
    async (c) => {
      const locale = c.get("locale");
      const body = await json(c);
      const result = await c
        .get("services")
        .accountData.saveAddress(userId(c), c.req.valid("param").kind, body)
        .catch((error: unknown) => storeFailed(c.get("services").logger, error, "save"));
      if (result === "failed")
        return c.json({ message: translate(locale, "accountData.errors.addressSaveFailed") }, 503);
      if (result.ok)
        return c.json(
          { data: result.value, message: translate(locale, "accountData.addresses.savedOne") },
          200,
        );
      if (result.code === "not_found")
        return c.json({ message: translate(locale, "accountData.errors.addressNotFound") }, 404);
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/me/addresses/{kind}",
      tags: ["account"],
      summary:
        "Removes the caller's address of one kind (an invoice address removed means: the same as the contact address); with ?id= only that very row",
      security: bearerSecurity,
      middleware: requireUser,
      request: {
        params: z.object({ kind: KindParam }),
        query: z.object({ id: rowId().optional() }),
      },
      responses: {
        200: jsonContent(Success, "Removed"),
        401: errorResponses[401],
        404: notFound,
        422: errorResponses[422],
        503: notStored,
      },
    }),
    async (c) => {
      const locale = c.get("locale");
      const removed = await c
        .get("services")
        .accountData.deleteAddress(userId(c), c.req.valid("param").kind, c.req.valid("query").id)
        .catch((error: unknown) => storeFailed(c.get("services").logger, error, "delete"));
      if (removed === "failed")
        return c.json({ message: translate(locale, "accountData.errors.addressDeleteFailed") }, 503);
      if (!removed) return c.json({ message: translate(locale, "accountData.errors.addressNotFound") }, 404);
      return c.json(
        { success: true as const, message: translate(locale, "accountData.addresses.removed") },
        200,
      );
    },
  );
}
