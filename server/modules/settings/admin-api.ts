import { z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import { SETTING_NAMES, SETTING_SPECS } from "../settings/index.ts";

/** Any JSON value here; its shape depends on the setting's name and is checked in the handler. */
const settingValue = z
  .unknown()
  .refine((value) => value !== undefined, { message: "validation.required" })
  .openapi({
    description:
      "The setting's value; its shape depends on the name (e.g. maintenance: { is_enabled: boolean }; bid: contiguous ranges { min, max, value, step } from 0, the last with max null; fees: integer CZK minor units)",
  });

export const adminApi = createApiRouter();

adminApi.openapi(
  adminRoute("settings", {
    method: "put",
    path: "/admin/settings/{name}",
    summary:
      "Set one setting (for all languages, or for one with ?lang= where the setting has language versions); the value is validated per setting; audited",
    request: {
      params: z.object({ name: z.enum(SETTING_NAMES).openapi({ param: { name: "name", in: "path" } }) }),
      query: z.object({ lang: z.enum(["cs", "en"]).optional() }),
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ value: settingValue }) } },
      },
    },
    responses: {
      200: jsonContent(z.object({ name: z.string(), value: z.unknown() }), "Saved"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    const { lang } = c.req.valid("query");
    const locale = c.get("locale");
    const spec = SETTING_SPECS[name];
    // A rule table or switch per language would make the site's rules depend on the UI language.
    if (lang && !spec.perLanguage) {
      return c.json({ errors: { lang: [translate(locale, "validation.settingForAllLanguages")] } }, 422);
    }
    const parsed = spec.schema.safeParse(c.req.valid("json").value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ["value", ...issue.path] }));
      return c.json({ errors: issuesToFieldErrors(issues, locale) }, 422);
    }
    // The parsed value: trimmed texts, nothing the schema does not know.
    const value = parsed.data;
    const services = c.get("services");
    const previous = await services.settings.put(name, lang ?? null, value);
    await services.audit.record({
      actorId: c.get("user")!.id,
      action: "setting.update",
      entity: "setting",
      entityId: lang ? `${name}:${lang}` : name,
      data: { before: previous ?? null, after: value },
      ip: c.get("clientIp"),
    });
    return c.json({ name, value }, 200);
  },
);
