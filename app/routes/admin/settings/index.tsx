import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { SettingSummary } from "#app/features/admin/settings/setting-summary.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { SETTING_NAMES, SETTING_SPECS } from "#core/schemas/settings.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/index";

/**
 * Every setting of the site with its current value and a link to its form
 * (docs/product/back-office.md, "Settings"); a setting with language versions shows each.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminSettings.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  requireScope(context, "settings");
  const { services } = context.get(appContext);
  const entries = await services.settings.entries();
  const storedValue = (name: string, locale: "cs" | "en" | null) =>
    entries.find((entry) => entry.name === name && entry.locale === locale)?.value ??
    (locale ? entries.find((entry) => entry.name === name && entry.locale === null)?.value : undefined);
  return {
    settings: SETTING_NAMES.map((name) => ({
      name,
      values: SETTING_SPECS[name].perLanguage
        ? (["cs", "en"] as const).map((lang) => ({ lang, value: storedValue(name, lang) ?? null }))
        : [{ lang: null, value: storedValue(name, null) ?? null }],
    })),
  };
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useTranslation();
  return (
    <div>
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminSettings.title")}</h1>
      <p className="mt-2 text-muted">{t("adminSettings.lead")}</p>
      <ul className="mt-6 flex flex-col gap-3" data-testid="settings-list">
        {loaderData.settings.map((setting) => (
          <li key={setting.name} className="rounded-xl border border-line bg-white p-4">
            <h2 className="font-serif text-xl text-primary-dark">
              {t(`adminSettings.names.${setting.name}`)}
            </h2>
            <p className="text-sm text-muted">{t(`adminSettings.descriptions.${setting.name}`)}</p>
            <dl className="mt-2 flex flex-col gap-2">
              {setting.values.map(({ lang, value }) => {
                const to = `${localePath("adminSetting", locale, { name: setting.name })}${lang ? `?lang=${lang}` : ""}`;
                const language = t(lang ? `adminSettings.languages.${lang}` : "adminSettings.allLanguages");
                return (
                  <div key={lang ?? "all"} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <dt className="text-sm font-semibold">{language}</dt>
                    <dd className="min-w-0 flex-1">
                      <SettingSummary name={setting.name} value={value} />
                    </dd>
                    <dd>
                      <Link to={to} className="text-primary-dark underline">
                        {t("adminSettings.edit")}
                        <span className="sr-only">
                          {" "}
                          {t(`adminSettings.names.${setting.name}`)} ({language})
                        </span>
                      </Link>
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
