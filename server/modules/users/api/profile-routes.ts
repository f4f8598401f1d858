import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { EmailChangeSchema, ProfileSchema } from "#core/schemas/account.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";
import { type ApiRouter, json, Profile, Success, tooMany, toProfile, userId } from "./account-views.ts";

/** GET and PUT /me/profile, POST /me/email: names, username, phone, and the e-mail change. */
export function profileRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/me/profile",
      tags: ["account"],
      summary: "The caller's profile: names, username, e-mail (and a pending new one), phone, avatar",
      security: bearerSecurity,
      middleware: requireUser,
      responses: { 200: jsonContent(z.object({ data: Profile }), "The profile"), 401: errorResponses[401] },
    }),
    async (c) => {
      const view = await c.get("services").accountData.profile(userId(c));
      return c.json({ data: toProfile(view!) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "put",
      path: "/me/profile",
      tags: ["account"],
      summary:
        "Saves first and last name, username (unique regardless of case) and phone with its prefix; the e-mail changes through POST /me/email",
      security: bearerSecurity,
      middleware: requireUser,
      request: { body: { required: true, content: { "application/json": { schema: ProfileSchema } } } },
      responses: {
        200: jsonContent(z.object({ data: Profile }), "Saved"),
        401: errorResponses[401],
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const result = await c.get("services").accountData.updateProfile(userId(c), await json(c));
      if (!result.ok)
        return c.json({ errors: translateProblems(c.get("locale"), result.details.problems) }, 422);
      return c.json({ data: toProfile(result.value) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/me/email",
      tags: ["account"],
      summary:
        "Asks to change the e-mail (needs the current password): the new address gets a confirmation link, the current one a notice; the account keeps its address until the link is opened",
      security: bearerSecurity,
      middleware: requireUser,
      request: { body: { required: true, content: { "application/json": { schema: EmailChangeSchema } } } },
      responses: {
        202: jsonContent(Success.extend({ pending_email: z.string() }), "Confirmation link sent"),
        401: errorResponses[401],
        422: errorResponses[422],
        429: tooMany,
      },
    }),
    async (c) => {
      const locale = c.get("locale");
      const result = await c
        .get("services")
        .accounts.requestEmailChange(userId(c), await json(c), { ip: c.get("clientIp") });
      if (!result.ok) {
        const errors = translateProblems(locale, result.details.problems);
        if (result.code === "invalid") return c.json({ errors }, 422);
        c.header("Retry-After", String(result.details.retryAfterSeconds));
        return c.json({ errors }, 429);
      }
      return c.json(
        {
          success: true as const,
          pending_email: result.value.email,
          message: translate(locale, "accountData.email.pending", { email: result.value.email }),
        },
        202,
      );
    },
  );
}
