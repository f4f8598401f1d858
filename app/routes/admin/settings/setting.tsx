import { FormProvider } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { MaintenanceSwitched } from "#app/features/admin/settings/maintenance-note.tsx";
import { SettingField, type SettingOption } from "#app/features/admin/settings/setting-fields.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SubmitButton } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { type MaintenanceState, SETTING_SPECS, type SettingName } from "#core/schemas/settings.ts";
import { settingFields, settingFormSchema, settingFormValues } from "#core/schemas/settings-form.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/setting";

/**
 * One setting's form (docs/product/back-office.md, "Settings"), checked by the schema the site reads
 * the setting with; a setting with language versions is edited one language at a time (?lang=).
 * A refused save shows every field as typed with its error; a good one is stored and audited with
 * the value before and after.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminSettings.title"), noindex: true }));
}

function settingOf(params: { name?: string }, locale: "cs" | "en"): SettingName {
  const name = params.name ?? "";
  if (!Object.hasOwn(SETTING_SPECS, name)) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return name as SettingName;
}

/** The language edited: per-language settings take ?lang= (Czech first), the others none. */
function languageOf(name: SettingName, request: Request): "cs" | "en" | null {
  if (!SETTING_SPECS[name].perLanguage) return null;
  return new URL(request.url).searchParams.get("lang") === "en" ? "en" : "cs";
}

/** Every category, sub-categories under their parents, for the featured categories' rows. */
function categoryOptions(
  tree: { id: number; name: string; subcategories: unknown[] }[],
  depth = 0,
): SettingOption[] {
  return tree.flatMap((node) => [
    { value: String(node.id), label: `${"— ".repeat(depth)}${node.name}` },
    ...categoryOptions(node.subcategories as typeof tree, depth + 1),
  ]);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireScope(context, "settings");
  const { services, locale } = context.get(appContext);
  const name = settingOf(params, locale);
  const lang = languageOf(name, request);
  const entries = await services.settings.entries();
  const own = entries.find((entry) => entry.name === name && entry.locale === lang);
  // A language without its own value starts from the one for all languages.
  const current = own ?? entries.find((entry) => entry.name === name && entry.locale === null);
  return {
    name,
    lang,
    form: settingFormValues(name, current?.value),
    version: current?.updatedAt.toISOString() ?? "new",
    maintenance: name === "maintenance" ? ((current?.value as MaintenanceState | undefined) ?? null) : null,
    options:
      name === "categoriesMenu" || name === "authenticityEvidence" || name === "ageCheck"
        ? categoryOptions(await services.catalog.categoryTree(locale))
        : undefined,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "settings");
  const { services, locale, clientIp } = context.get(appContext);
  const name = settingOf(params, locale);
  const lang = languageOf(name, request);
  const submission = parseForm(await request.formData(), settingFormSchema(name), locale);
  if (submission.status !== "success") {
    // A list's add, remove or move button answers with the form as changed, no error.
    return data(
      { result: submission.reply() as FormReply },
      { status: submission.status === "error" ? 422 : 200 },
    );
  }
  const change = await services.settings.update(name, lang, submission.value.value, {
    id: user.id,
    name: user.username,
  });
  await services.audit.record({
    actorId: user.id,
    action: "setting.update",
    entity: "setting",
    entityId: lang ? `${name}:${lang}` : name,
    data: change,
    ip: clientIp,
  });
  const query = new URLSearchParams({ ...(lang ? { lang } : {}), saved: "1" });
  throw redirect(`${localePath("adminSetting", locale, { name })}?${query}`);
}

export default function AdminSetting({ loaderData, actionData }: Route.ComponentProps) {
  const { name, lang } = loaderData;
  // A new form once a save has stored a new value, so it starts from what is stored.
  return (
    <SettingForm
      key={`${name}-${lang}-${loaderData.version}`}
      loaderData={loaderData}
      result={actionData?.result}
    />
  );
}

function SettingForm({
  loaderData,
  result,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  result: FormReply | undefined;
}) {
  const { locale, t } = useTranslation();
  const navigation = useNavigation();
  const { name, lang } = loaderData;
  const [form, fields] = useSchemaForm(settingFormSchema(name), result, {
    id: `setting-${name}`,
    defaultValue: loaderData.form as never,
  });
  const base = localePath("adminSetting", locale, { name });
  const refused = result?.status === "error";
  return (
    <div>
      <Link to={localePath("adminSettings", locale)} className="text-sm text-primary-dark underline">
        {t("adminSettings.back")}
      </Link>
      <h1 className="mt-2 font-serif text-3xl text-primary-dark">{t(`adminSettings.names.${name}`)}</h1>
      <p className="mt-1 text-muted">{t(`adminSettings.descriptions.${name}`)}</p>
      {lang ? (
        <nav aria-label={t("adminSettings.language")} className="mt-4 flex gap-2">
          {(["cs", "en"] as const).map((code) => (
            <Link
              key={code}
              to={`${base}?lang=${code}`}
              aria-current={code === lang ? "page" : undefined}
              className={`rounded-md border px-3 py-1 ${code === lang ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-white text-primary-dark"}`}
            >
              {t(`adminSettings.languages.${code}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {name === "maintenance" ? (
        <p className="mt-3">
          <MaintenanceSwitched state={loaderData.maintenance} />
        </p>
      ) : null}
      {loaderData.saved && !result ? (
        <p role="status" className="mt-4 rounded-md border border-success bg-success/10 px-3 py-2">
          {t("adminSettings.saved")}
        </p>
      ) : null}
      {refused ? (
        <div className="mt-4">
          <FormError messages={[t("adminSettings.refused")]} />
        </div>
      ) : null}
      <FormProvider context={form.context}>
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="mt-6 flex flex-col gap-4 rounded-xl border border-line bg-white p-4"
        >
          <SettingField
            node={settingFields(name)}
            meta={fields.value as never}
            fieldKey={name}
            ctx={{ setting: name, form: form as never, options: loaderData.options }}
          />
          <div>
            <SubmitButton busy={navigation.state === "submitting"}>{t("adminSettings.save")}</SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </div>
  );
}
