import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { PushSettings, TOGGLE } from "#app/features/account/push-settings.tsx";
import { AccountSection, SavedMessage, SectionButton } from "#app/features/account/section.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";
import { parseForm, usePendingForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS, type NotificationKind } from "#core/contracts/messages.ts";
import { PUSH_KINDS, type PushKind } from "#core/contracts/push.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { NotificationsFormSchema } from "#core/schemas/account.ts";
import type { Route } from "./+types/notifications";

/**
 * Notice e-mails (`/ucet/newslettery/upozorneni`, linked from the newsletter page): one switch per
 * kind of notice. Every notice stays in the inbox whatever the switch says; the switch decides the
 * e-mail only, as does the one-click link at the foot of each mail. Above them the browser
 * notifications (web push, ADR 0110): this device's subscription and a switch per pushed kind.
 * Also the users the account blocked, to lift a block.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("messages.settings.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const [preferences, blocked, pushSwitches, pushDevices] = await Promise.all([
    services.messages.preferences(user!.id),
    services.messages.blockedUsers(user!.id),
    services.push.switches(user!.id),
    services.push.deviceCount(user!.id),
  ]);
  const push = { publicKey: services.push.publicKey(), switches: pushSwitches, devices: pushDevices };
  return { preferences, blocked, push };
}

export type NotificationsActionData = {
  intent: "save" | "unblock" | "push-save" | "push-subscribe" | "push-unsubscribe";
  ok: boolean;
  message: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), NotificationsFormSchema, locale);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const form = submission.value;
  if (form.intent === "unblock") {
    const done = await services.messages.unblock(user!.id, form.userId);
    if (!done) throw data(null, { status: 404 });
    return {
      intent: form.intent,
      ok: true,
      message: translate(locale, "messages.settings.unblocked"),
    } satisfies NotificationsActionData;
  }
  if (form.intent === "push-subscribe") {
    const { endpoint, p256dh, auth } = form;
    const result = await services.push.subscribe(user!.id, { endpoint, keys: { p256dh, auth } });
    return {
      intent: form.intent,
      ok: result.ok,
      message: translate(
        locale,
        result.ok
          ? "push.settings.on"
          : `push.settings.${result.code === "invalid" ? "failed" : "unavailable"}`,
      ),
    } satisfies NotificationsActionData;
  }
  if (form.intent === "push-unsubscribe") {
    await services.push.unsubscribe(user!.id, form.endpoint);
    return {
      intent: form.intent,
      ok: true,
      message: translate(locale, "push.settings.off"),
    } satisfies NotificationsActionData;
  }
  if (form.intent === "push-save") {
    const changes = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, form.push.includes(kind)])) as Record<
      PushKind,
      boolean
    >;
    await services.push.saveSwitches(user!.id, changes);
    return {
      intent: form.intent,
      ok: true,
      message: translate(locale, "push.settings.saved"),
    } satisfies NotificationsActionData;
  }
  // A checkbox that is not sent is off: every kind gets its value from this one form.
  const changes = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, form.on.includes(kind)]),
  ) as Record<NotificationKind, boolean>;
  await services.messages.savePreferences(user!.id, changes);
  return {
    intent: form.intent,
    ok: true,
    message: translate(locale, "newsletter.preferencesSaved"),
  } satisfies NotificationsActionData;
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const pending = usePendingForm(NotificationsFormSchema);
  const { preferences, blocked, push } = loaderData;

  useEffect(() => {
    if (actionData) showSnackbar({ type: actionData.ok ? "success" : "danger", text: actionData.message });
  }, [actionData]);

  return (
    <section data-testid="notifications-page">
      <Link
        to={localePath("accountNewsletters", locale)}
        className="text-sm font-semibold text-primary-dark underline underline-offset-4"
      >
        ← {t("messages.settings.back")}
      </Link>
      <h1 className="mt-3 font-serif text-3xl text-primary-dark tablet:text-4xl">
        {t("messages.settings.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t("messages.settings.lead")}</p>
      <div className="mt-8">
        <PushSettings
          {...push}
          busy={pending?.intent === "push-save"}
          saved={actionData?.intent === "push-save" ? actionData.message : null}
        />
      </div>
      <NoticeSwitches
        preferences={preferences}
        busy={pending?.intent === "save"}
        saved={actionData?.intent === "save" ? actionData.message : null}
      />
      <div className="mt-6">
        <BlockedUsers blocked={blocked} busy={pending?.intent === "unblock"} />
      </div>
    </section>
  );
}

/** One switch per kind of notice, in their groups, saved together. */
function NoticeSwitches({
  preferences,
  busy,
  saved,
}: {
  preferences: Record<NotificationKind, boolean>;
  busy: boolean;
  saved: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-8 flex flex-col gap-6">
      <input type="hidden" name="intent" value="save" />
      {NOTIFICATION_GROUPS.map((group) => (
        <AccountSection
          key={group.id}
          id={`notices-${group.id}`}
          title={t(`messages.settings.groups.${group.id}`)}
        >
          <ul className="flex flex-col divide-y divide-line">
            {group.kinds.map((kind) => (
              <li key={kind} className="py-3 first:pt-0 last:pb-0">
                <label className="flex cursor-pointer items-start gap-4" data-testid={`notice-${kind}`}>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{t(`messages.kinds.${kind}.label`)}</span>
                    <span className="block text-sm text-muted">{t(`messages.kinds.${kind}.hint`)}</span>
                  </span>
                  <input
                    type="checkbox"
                    name="on"
                    value={kind}
                    defaultChecked={preferences[kind]}
                    className="peer sr-only"
                  />
                  <span aria-hidden="true" className={TOGGLE} />
                </label>
              </li>
            ))}
          </ul>
        </AccountSection>
      ))}
      <div className="sticky bottom-0 -mx-1 flex flex-col gap-2 border-t border-line bg-light/95 px-1 py-4 tablet:static tablet:flex-row tablet:items-center tablet:border-0 tablet:bg-transparent">
        <SectionButton busy={busy}>{t("messages.settings.save")}</SectionButton>
        <SavedMessage message={saved} />
      </div>
    </Form>
  );
}

/** The users this account blocked, each with the button that lifts the block. */
function BlockedUsers({ blocked, busy }: { blocked: { id: number; username: string }[]; busy: boolean }) {
  const { t, locale } = useTranslation();
  return (
    <AccountSection
      id="blocked"
      title={t("messages.settings.blockedTitle")}
      lead={t("messages.settings.blockedLead")}
    >
      {blocked.length === 0 ? (
        <p className="text-muted" data-testid="blocked-none">
          {t("messages.settings.blockedNone")}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="blocked-list">
          {blocked.map((person) => (
            <li key={person.id} className="flex items-center justify-between gap-3 py-2.5">
              <Link
                to={localePath("userProfile", locale, { id: person.id })}
                className="font-semibold hover:underline"
              >
                {person.username}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="userId" value={person.id} />
                <SectionButton tone="secondary" busy={busy}>
                  {t("messages.thread.unblock")}
                </SectionButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
