import { pageMeta } from "#app/components/seo/page-meta.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Route } from "./+types/report";

/** Reporting content to the operator (DSA Art. 16), still to be built (docs/product/back-office.md). */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("admin.nav.moderation"), noindex: true }));
}

export default function ReportPage() {
  const { t } = useTranslation();
  return <h1 className="font-serif text-3xl text-primary-dark">{t("admin.nav.moderation")}</h1>;
}
