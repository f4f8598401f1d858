import { z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { SETTING_NAMES, SETTING_SPECS } from "#core/schemas/settings.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

/** Any JSON value here; its shape depends on the setting's name and is checked in the handler. */
const settingValue = z
  .unknown()
  .refine((value) => value !== undefined, { message: "validation.required" })
  .openapi({
    description:
      "The setting's value; its shape depends on the name (e.g. maintenance: { is_enabled: boolean }; bid: contiguous ranges { min, max, value, step } from 0, the last with max null; fees: integer CZK minor units; deals: fees in basis points and minor units, deadlines in days or hours)",
  });

const StoredSettingSchema = z
  .object({
    name: z.enum(SETTING_NAMES),
    locale: z.enum(["cs", "en"]).nullable().openapi({ description: "null: the value for all languages" }),
    perLanguage: z.boolean().openapi({ description: "Whether the setting may have a value per language" }),
    value: z.unknown().openapi({
      description: "As stored; maintenance also says who switched it and when (switched_by, switched_at)",
    }),
    updatedAt: z.string(),
  })
  .openapi("AdminSetting");

/** The back office's settings calls (docs/product/back-office.md, "Settings"). */
export const settingsAdminApi = createApiRouter();

settingsAdminApi.openapi(
  adminRoute("settings", {
    method: "get",
    path: "/admin/settings",
    summary: "Every stored setting, each language's value apart, with who switched maintenance and when",
    responses: { 200: jsonContent(z.object({ data: z.array(StoredSettingSchema) }), "The settings") },
  }),
  async (c) => {
    const entries = await c.get("services").settings.entries();
    const data = entries
      .filter((entry) => Object.hasOwn(SETTING_SPECS, entry.name))
      .map((entry) => ({
        name: entry.name as (typeof SETTING_NAMES)[number],
        locale: entry.locale,
        perLanguage: SETTING_SPECS[entry.name as keyof typeof SETTING_SPECS].perLanguage,
        value: entry.value,
        updatedAt: entry.updatedAt.toISOString(),
      }));
    return c.json({ data }, 200);
  },
);

settingsAdminApi.openapi(
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
    const user = c.get("user")!;
    const change = await services.settings.update(name, lang ?? null, value, {
      id: user.id,
      name: user.username,
    });
    await services.audit.record({
      actorId: user.id,
      action: "setting.update",
      entity: "setting",
      entityId: lang ? `${name}:${lang}` : name,
      data: change,
      ip: c.get("clientIp"),
    });
    return c.json({ name, value }, 200);
  },
);
