import { pageMeta } from "#app/components/seo/page-meta.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import type { Route } from "./+types/decision";

/** A statement of reasons and its complaint form (DSA Art. 17, 20), still to be built. */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("admin.nav.decisions"), noindex: true }));
}

export default function DecisionPage() {
  const { t } = useTranslation();
  return <h1 className="font-serif text-3xl text-primary-dark">{t("admin.nav.decisions")}</h1>;
}
