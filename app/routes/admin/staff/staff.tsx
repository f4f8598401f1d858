import { pageMeta } from "#app/components/seo/page-meta.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/staff";

/** A back-office screen still to be built (docs/product/back-office.md). */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("admin.nav.staff"), noindex: true }));
}

export function loader({ context }: Route.LoaderArgs) {
  requireScope(context, "staff");
  return null;
}

export default function AdminPlaceholder() {
  const { t } = useTranslation();
  return <h1 className="font-serif text-3xl text-primary-dark">{t("admin.nav.staff")}</h1>;
}
