import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { Actor, AdminOutcome } from "#server/modules/catalog/index.ts";

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

/** A change's failure as its answer (404, 409 or 422); null when it succeeded. */
export function refusal<T>(c: Context<AppEnv>, outcome: AdminOutcome<T>) {
  switch (outcome.status) {
    case "not_found":
      return c.json({ message: translate(c.get("locale"), "adminCatalog.errors.notFound") }, 404);
    case "refused":
      return c.json({ message: outcome.message }, 409);
    case "invalid":
      return c.json({ errors: outcome.errors }, 422);
    default:
      return null;
  }
}
