import { Form, Link, useActionData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { primaryLinkClass, ResultCard, secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/unsubscribe";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("registration.unsubscribeTitle"),
    description: t("registration.unsubscribeLead"),
    noindex: true,
  }));
}

/**
 * The unsubscribe link of every newsletter mail (`/newsletter/odhlaseni/:token`), no login needed.
 * Opening the page asks; the button unsubscribes. A GET that unsubscribed by itself would be
 * triggered by mail scanners that open every link.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const result = await services.newsletter.unsubscribe(params.token ?? "");
  return { done: true, email: result?.email ?? null };
}

export default function NewsletterUnsubscribePage() {
  const { locale, t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const home = (
    <Link to={localePath("home", locale)} className={secondaryLinkClass}>
      {t("registration.toHome")}
    </Link>
  );
  if (result?.done && result.email) {
    return (
      <ResultCard tone="success" title={t("registration.unsubscribeDoneTitle")} actions={home}>
        <p data-testid="newsletter-unsubscribed">
          {t("registration.unsubscribeDone", { email: result.email })}
        </p>
      </ResultCard>
    );
  }
  if (result?.done) {
    return (
      <ResultCard tone="danger" title={t("registration.newsletterInvalidTitle")} actions={home}>
        <p>{t("registration.newsletterInvalid")}</p>
      </ResultCard>
    );
  }
  return (
    <ResultCard
      tone="neutral"
      title={t("registration.unsubscribeTitle")}
      actions={
        <>
          <Form method="post">
            <button type="submit" disabled={navigation.state === "submitting"} className={primaryLinkClass}>
              {t("registration.unsubscribeButton")}
            </button>
          </Form>
          {home}
        </>
      }
    >
      <p>{t("registration.unsubscribeLead")}</p>
    </ResultCard>
  );
}
