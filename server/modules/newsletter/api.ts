import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";

const SelectedCategories = z
  .array(z.number().int().positive().max(2_147_483_647))
  .max(500)
  .openapi({ description: "Ids of existing categories (may be empty)", example: [2, 5] });

const Subscription = z
  .object({
    email: z.email().max(254),
    selectedCategories: SelectedCategories.default([]),
  })
  .openapi("NewsletterSubscription", {
    example: { email: "sberatel@example.cz", selectedCategories: [2, 5] },
  });

const Preferences = z.object({ selectedCategories: SelectedCategories }).openapi("NewsletterPreferences");

const AlreadyExists = z
  .object({ error: z.literal("already_exists"), message: z.string() })
  .openapi("NewsletterAlreadyExists");

export const newsletterApi = createApiRouter();

newsletterApi.openapi(
  createRoute({
    method: "post",
    path: "/subscriber/save",
    tags: ["newsletter"],
    summary:
      "Newsletter sign-up with chosen categories; sends the double opt-in e-mail. An e-mail already stored (any letter case) answers 409",
    request: { body: { required: true, content: { "application/json": { schema: Subscription } } } },
    responses: {
      200: jsonContent(
        z.object({ success: z.literal(true), message: z.string() }),
        "Saved; confirmation e-mail sent",
      ),
      409: jsonContent(AlreadyExists, "The e-mail is already stored; nothing changed"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const { email, selectedCategories } = c.req.valid("json");
    const result = await c.get("services").newsletter.save({ email, selectedCategories, locale });
    if (result.ok)
      // Double opt-in: the success text says the address still waits for the mailed link.
      return c.json(
        {
          success: true as const,
          message: `${translate(locale, "newsletter.saved")} ${translate(locale, "newsletter.savedConfirm")}`,
        },
        200,
      );
    switch (result.code) {
      case "already_exists":
        return c.json(
          { error: "already_exists" as const, message: translate(locale, "newsletter.alreadyExists") },
          409,
        );
      case "unknown_categories":
        return c.json(
          { errors: { selectedCategories: [translate(locale, "newsletter.unknownCategory")] } },
          422,
        );
    }
  },
);

newsletterApi.use("/subscriber/get", requireUser);
newsletterApi.openapi(
  createRoute({
    method: "get",
    path: "/subscriber/get",
    tags: ["newsletter"],
    summary: "The signed-in user's newsletter categories (by the account e-mail); [] when not subscribed",
    security: bearerSecurity,
    responses: { 200: jsonContent(Preferences, "The chosen categories"), 401: errorResponses[401] },
  }),
  async (c) => {
    const selectedCategories = await c.get("services").newsletter.preferences(c.get("user")!.email);
    return c.json({ selectedCategories }, 200);
  },
);

newsletterApi.use("/subscriber/preferences", requireUser);
newsletterApi.openapi(
  createRoute({
    method: "post",
    path: "/subscriber/preferences",
    tags: ["newsletter"],
    summary:
      "Saves the signed-in user's newsletter categories, subscribing the account e-mail when it is not yet (confirmed at once when the account e-mail is confirmed, otherwise by the opt-in e-mail)",
    security: bearerSecurity,
    request: { body: { required: true, content: { "application/json": { schema: Preferences } } } },
    responses: {
      200: jsonContent(
        z.object({ selectedCategories: SelectedCategories, message: z.string() }),
        "Saved (with the message to show)",
      ),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const user = c.get("user")!;
    const result = await c
      .get("services")
      .newsletter.savePreferences(
        { id: user.id, email: user.email, emailConfirmed: user.emailConfirmed },
        c.req.valid("json").selectedCategories,
        locale,
      );
    if (!result.ok) {
      return c.json(
        { errors: { selectedCategories: [translate(locale, "newsletter.unknownCategory")] } },
        422,
      );
    }
    return c.json(
      {
        selectedCategories: result.value.selectedCategories,
        message: translate(locale, "newsletter.preferencesSaved"),
      },
      200,
    );
  },
);
