import { Form, Link, useActionData, useNavigation } from "react-router";
import { localePath } from "#core/i18n/paths.ts";
import { appContext } from "../context.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { primaryLinkClass, ResultCard, secondaryLinkClass } from "../ui/forms/fields.tsx";
import { pageMeta } from "../ui/seo/page-meta.ts";
import type { Route } from "./+types/notifications-unsubscribe";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("messages.unsubscribe.title"), noindex: true }));
}

/**
 * The one-click unsubscribe of a notice mail (`/upozorneni/odhlaseni/:token`), no login needed:
 * the token (user and kind, signed) names what to switch off. Opening the page asks, the button
 * switches it off; a mail client's RFC 8058 one-click POST lands on the same action. A GET that
 * switched it off by itself would be triggered by mail scanners that open every link.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const target = await services.notifier.verifyToken(params.token ?? "");
  return { kind: target?.kind ?? null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const result = await services.messages.unsubscribe(params.token ?? "");
  return { done: true, kind: result?.kind ?? null };
}

export default function NotificationsUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const kind = result?.kind ?? loaderData.kind;
  const home = (
    <Link to={localePath("home", locale)} className={secondaryLinkClass}>
      {t("registration.toHome")}
    </Link>
  );
  const settings = (
    <Link to={localePath("accountNotifications", locale)} className={secondaryLinkClass}>
      {t("messages.unsubscribe.settings")}
    </Link>
  );
  if (!kind)
    return (
      <ResultCard tone="danger" title={t("messages.unsubscribe.invalidTitle")} actions={home}>
        <p>{t("messages.unsubscribe.invalid")}</p>
      </ResultCard>
    );
  const label = t(`messages.kinds.${kind}.label`);
  if (result?.done)
    return (
      <ResultCard tone="success" title={t("messages.unsubscribe.doneTitle")} actions={settings}>
        <p data-testid="notice-unsubscribed">{t("messages.unsubscribe.done", { kind: label })}</p>
      </ResultCard>
    );
  return (
    <ResultCard
      tone="neutral"
      title={t("messages.unsubscribe.title")}
      actions={
        <>
          <Form method="post">
            <button type="submit" disabled={navigation.state === "submitting"} className={primaryLinkClass}>
              {t("messages.unsubscribe.button")}
            </button>
          </Form>
          {home}
        </>
      }
    >
      <p>{t("messages.unsubscribe.lead", { kind: label })}</p>
    </ResultCard>
  );
}
