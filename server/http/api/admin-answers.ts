import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type CatalogFailure, sayCatalogFailure } from "#core/contracts/catalog-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { Actor } from "#server/modules/catalog/index.ts";

/** Who makes a back-office change, for its audit entry: the signed-in staff member and their address. */
export const actorOf = (c: Context<AppEnv>): Actor => ({ id: c.get("user")!.id, ip: c.get("clientIp") });

export const idParams = (what: string) => z.object({ id: idPathParam(`The ${what}'s id`) });

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** The answers of a change beside its success: no such row, refused (with why), invalid fields. */
export const changeResponses = {
  404: jsonContent(MessageBody, "No such row"),
  409: jsonContent(MessageBody, "Refused: the message says why (e.g. a category that still has products)"),
  422: errorResponses[422],
};

/** 404 of a read. */
export const notFound = (c: Context<AppEnv>) =>
  c.json({ message: translate(c.get("locale"), "adminCatalog.errors.notFound") }, 404);

/** A change's failure as its answer (404, 409 or 422). */
export function refusal(c: Context<AppEnv>, failure: CatalogFailure) {
  const said = sayCatalogFailure(c.get("locale"), failure);
  switch (said.status) {
    case 404:
      return c.json({ message: said.message }, 404);
    case 409:
      return c.json({ message: said.message }, 409);
    default:
      return c.json({ errors: said.errors }, 422);
  }
}
