import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody, ValidationErrorBody } from "#server/http/api/schemas.ts";
import { AVATAR_MAX_BYTES } from "../avatar.ts";
import { type ApiRouter, Profile, Success, toProfile, userId } from "./account-views.ts";

/** POST and DELETE /me/avatar: the caller's profile picture. */
export function avatarRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "post",
      path: "/me/avatar",
      tags: ["account"],
      summary: `Uploads the avatar (multipart field \`avatar\`): JPEG, PNG or WebP by content, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB (the /api body limit of 1 MB applies first); stored as a 256 px square WebP without metadata`,
      security: bearerSecurity,
      middleware: requireUser,
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: z.object({ avatar: z.any().openapi({ type: "string", format: "binary" }) }),
            },
          },
        },
      },
      responses: {
        200: jsonContent(z.object({ data: Profile, message: z.string() }), "Stored"),
        401: errorResponses[401],
        413: jsonContent(MessageBody, "Larger than the /api body limit"),
        422: errorResponses[422],
        429: jsonContent(ValidationErrorBody, "Too many uploads by this user in 10 minutes (Retry-After)"),
      },
    }),
    async (c) => {
      const locale = c.get("locale");
      const form = await c.req.parseBody();
      const file = form.avatar;
      if (!(file instanceof File)) {
        return c.json({ errors: { avatar: [translate(locale, "validation.required")] } }, 422);
      }
      // The size is checked before the bytes are read into memory twice.
      if (file.size > AVATAR_MAX_BYTES) {
        return c.json({ errors: { avatar: [translate(locale, "accountData.errors.avatarTooLarge")] } }, 422);
      }
      const services = c.get("services");
      const result = await services.accountData.setAvatar(
        userId(c),
        new Uint8Array(await file.arrayBuffer()),
      );
      if (!result.ok) {
        const errors = translateProblems(locale, result.details.problems);
        if (result.code === "invalid") return c.json({ errors }, 422);
        c.header("Retry-After", String(result.details.retryAfterSeconds));
        return c.json({ errors }, 429);
      }
      const view = await services.accountData.profile(userId(c));
      return c.json({ data: toProfile(view!), message: translate(locale, "accountData.avatar.saved") }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/me/avatar",
      tags: ["account"],
      summary: "Removes the avatar (the default icon shows again)",
      security: bearerSecurity,
      middleware: requireUser,
      responses: { 200: jsonContent(Success, "Removed"), 401: errorResponses[401] },
    }),
    async (c) => {
      await c.get("services").accountData.removeAvatar(userId(c));
      return c.json(
        { success: true as const, message: translate(c.get("locale"), "accountData.avatar.removed") },
        200,
      );
    },
  );
}
