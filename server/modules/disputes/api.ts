import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { hasScope, isStaffRole } from "#core/rules/staff.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";

/**
 * A dispute's photos (issue 35, item 6): private files, served only to the deal's buyer and seller
 * and to staff with the `deals` scope (past their second factor); anyone else gets the same 404 as
 * for a photo that does not exist, so nothing is learnt about another user's deal.
 */
export const disputesApi = createApiRouter();

disputesApi.openapi(
  createRoute({
    method: "get",
    path: "/deals/{dealId}/dispute/photos/{photoId}",
    tags: ["deals"],
    summary:
      "A photo attached to a deal's dispute (WebP, re-encoded without metadata): for the deal's two sides and staff with the `deals` scope only",
    security: bearerSecurity,
    middleware: [requireUser] as const,
    request: {
      params: z.object({
        dealId: idPathParam("The deal", 12, "dealId"),
        photoId: idPathParam("The photo", 3, "photoId"),
      }),
    },
    responses: {
      200: {
        description: "The photo",
        content: { "image/webp": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
      },
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such photo, or not the caller's deal"),
    },
  }),
  async (c) => {
    const { dealId, photoId } = c.req.valid("param");
    const user = c.get("user")!;
    const dealsStaff =
      isStaffRole(user.role) && hasScope(user.scope, "deals") && c.get("secondFactorDone") === true;
    const bytes = await c.get("services").disputes.photo(dealId, photoId, { userId: user.id, dealsStaff });
    if (!bytes) return c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
    // Private to the sides: never kept by a shared cache, and never run as anything but an image.
    c.header("Cache-Control", "private, max-age=3600");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(new Uint8Array(bytes), 200, { "Content-Type": "image/webp" });
  },
);
