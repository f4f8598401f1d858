import { data } from "react-router";
import { appContext } from "../context.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../ui/seo/page-meta.ts";
import type { Route } from "./+types/maintenance";

export const handle = { layout: "simple" };

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("pages.maintenanceTitle"), noindex: true }));
}

/** 503 while maintenance is on (crawlers retry later); a plain 200 page otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const on = await context.get(appContext).services.settings.isMaintenance();
  return data(null, { status: on ? 503 : 200, headers: on ? { "Retry-After": "600" } : {} });
}

export default function Maintenance() {
  const { t } = useTranslation();
  return (
    <section className="py-16 text-center">
      <h1 className="font-serif text-4xl text-primary-dark">{t("pages.maintenanceTitle")}</h1>
      <p className="mt-4 text-lg text-muted">{t("pages.maintenanceText")}</p>
    </section>
  );
}
