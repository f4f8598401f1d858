import { Link, useLoaderData } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { primaryLinkClass, ResultCard } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/confirm";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("pages.metaTitles.newsletter"), noindex: true }));
}

/** The double opt-in link (`/newsletter/potvrzeni/:token`); opening it again is harmless. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const result = await services.newsletter.confirmSubscription(params.token ?? "");
  return { email: result?.email ?? null };
}

export default function NewsletterConfirmPage() {
  const { locale, t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const home = (
    <Link to={localePath("home", locale)} className={primaryLinkClass}>
      {t("registration.toHome")}
    </Link>
  );
  return email ? (
    <ResultCard tone="success" title={t("registration.newsletterConfirmTitle")} actions={home}>
      <p data-testid="newsletter-confirmed">{t("registration.newsletterConfirmDone", { email })}</p>
    </ResultCard>
  ) : (
    <ResultCard tone="danger" title={t("registration.newsletterInvalidTitle")} actions={home}>
      <p>{t("registration.newsletterInvalid")}</p>
    </ResultCard>
  );
}
