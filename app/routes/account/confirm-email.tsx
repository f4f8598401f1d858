import { Form, Link, useActionData, useLoaderData } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { primaryLinkClass, ResultCard, secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/confirm-email";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("pages.metaTitles.confirmEmail"), noindex: true }));
}

/** The link from the welcome mail (`/potvrzeni-emailu/:token`): confirms the address on opening. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const result = await services.accounts.emailConfirmation.confirm(params.token ?? "");
  return {
    status: result.ok ? ("confirmed" as const) : result.code,
    email: result.ok ? result.value.email : null,
    canResend: Boolean(user && !user.emailConfirmed && !result.ok),
  };
}

/** A signed-in user whose link expired asks for a new one. */
export async function action({ context }: Route.ActionArgs) {
  const { services, user } = context.get(appContext);
  if (!user || user.emailConfirmed) return { resent: false };
  return { resent: await services.accounts.emailConfirmation.resend(user.id) };
}

export default function ConfirmEmailPage() {
  const { locale, t } = useTranslation();
  const result = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const accountLink = (
    <Link to={localePath("accountOverview", locale)} className={primaryLinkClass}>
      {t("registration.toAccount")}
    </Link>
  );
  if (result.status === "confirmed") {
    return (
      <ResultCard tone="success" title={t("registration.confirmTitle")} actions={accountLink}>
        <p data-testid="email-confirmed">{t("registration.confirmDone", { email: result.email ?? "" })}</p>
      </ResultCard>
    );
  }
  const used = result.status === "used";
  const title = used
    ? t("registration.confirmUsedTitle")
    : result.status === "expired"
      ? t("registration.confirmExpiredTitle")
      : t("registration.linkInvalidTitle");
  const text = used
    ? t("registration.confirmUsed")
    : result.status === "expired"
      ? t("registration.confirmExpired")
      : t("registration.confirmInvalid");
  return (
    <ResultCard
      tone={used ? "neutral" : "danger"}
      title={title}
      actions={
        <>
          {result.canResend && !actionData?.resent ? (
            <Form method="post">
              <button type="submit" className={primaryLinkClass}>
                {t("registration.resendButton")}
              </button>
            </Form>
          ) : (
            accountLink
          )}
          <Link to={localePath("home", locale)} className={secondaryLinkClass}>
            {t("registration.toHome")}
          </Link>
        </>
      }
    >
      <p>{text}</p>
      {actionData?.resent ? (
        <p role="status" className="font-semibold text-success">
          {t("registration.resent")}
        </p>
      ) : null}
    </ResultCard>
  );
}
