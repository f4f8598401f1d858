import { data, Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { AccountSection, SavedMessage, SectionButton } from "#app/features/account/section.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatShortDateTime } from "#app/ui/dates-and-prices.ts";
import { parseForm, usePendingForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { DeviceSummary } from "#core/formats/user-agent.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { SessionsFormSchema } from "#core/schemas/account.ts";
import type { Route } from "./+types/sessions";

/**
 * Logged-in devices (`/ucet/prihlasena-zarizeni`, issue 5: "all sessions listed on the account page
 * and revocable"): every live session with its device, address and last use, the current one
 * marked; any other can be logged out, or all of them at once. The same rules as
 * GET/DELETE /api/me/sessions (services.sessions): only the user's own sessions are found.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("security.sessionsPage.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, sessionTokenHash } = context.get(appContext);
  // The auth middleware guarantees a user.
  const list = await services.sessions.list(user!.id, sessionTokenHash);
  return {
    sessions: list.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      lastUsedAt: entry.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale, sessionTokenHash } = context.get(appContext);
  const submission = parseForm(await request.formData(), SessionsFormSchema, locale);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const form = submission.value;
  if (form.intent === "revokeOthers") {
    await services.sessions.revokeOthers(user!.id, sessionTokenHash);
    return { ok: true, message: translate(locale, "security.sessionsPage.revokedOthers") };
  }
  const ended = await services.sessions.revoke(user!.id, form.sessionId);
  if (!ended)
    return data({ ok: false, message: translate(locale, "security.sessions.notFound") }, { status: 404 });
  return { ok: true, message: translate(locale, "security.sessionsPage.revoked") };
}

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

function deviceLabel(device: DeviceSummary, t: Translate): string {
  const browser = device.browser ?? t("security.sessionsPage.unknownBrowser");
  return `${browser}, ${device.os ?? t("security.sessionsPage.unknownSystem")}`;
}

type Session = Route.ComponentProps["loaderData"]["sessions"][number];

export default function SessionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useTranslation();
  const pending = usePendingForm(SessionsFormSchema);
  const others = loaderData.sessions.filter((session) => !session.current);

  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <section data-testid="sessions-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
        {t("security.sessionsPage.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        {t("security.sessionsPage.lead")}{" "}
        <Link
          to={localePath("accountInvoice", locale)}
          className="text-primary-dark underline underline-offset-4"
        >
          {t("security.sessionsPage.changePassword")}
        </Link>
      </p>

      <div className="mt-8">
        <AccountSection id="sessions" title={t("security.sessionsPage.listTitle")}>
          <ul className="flex flex-col divide-y divide-line" data-testid="session-list">
            {loaderData.sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                revoking={pending?.intent === "revoke" && pending.sessionId === session.id}
              />
            ))}
          </ul>

          <div className="mt-6 flex flex-col gap-3 border-t border-line pt-5 tablet:flex-row tablet:items-center">
            {others.length > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="revokeOthers" />
                <SectionButton tone="secondary" busy={pending?.intent === "revokeOthers"}>
                  {t("security.sessionsPage.revokeOthers")}
                </SectionButton>
              </Form>
            ) : (
              <p className="text-muted">{t("security.sessionsPage.onlyThis")}</p>
            )}
            {actionData && !actionData.ok ? (
              <p role="alert" className="text-danger">
                {actionData.message}
              </p>
            ) : (
              <SavedMessage message={actionData?.message} />
            )}
          </div>
        </AccountSection>
      </div>
    </section>
  );
}

/** One device: what it is, when and from where it was used, and (another one) its logout button. */
function SessionItem({ session, revoking }: { session: Session; revoking: boolean }) {
  const { locale, t } = useTranslation();
  const label = deviceLabel(session.device, t);
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-3 py-4 first:pt-0 last:pb-0 tablet:grid-cols-[auto_minmax(0,1fr)_auto] tablet:items-center"
      data-testid="session"
      data-current={session.current ? "true" : undefined}
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-light text-primary-dark ring-1 ring-line">
        <DeviceIcon kind={session.device.kind} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span>{label}</span>
          <span className="text-sm font-normal text-muted">
            · {t(`security.sessionsPage.kind.${session.device.kind}`)}
          </span>
          {session.current ? (
            <span className="rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-[#1f5c44] ring-1 ring-success/30">
              {t("security.sessionsPage.current")}
            </span>
          ) : null}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
          <div className="flex gap-1">
            <dt>{t("security.sessionsPage.lastUsed")}:</dt>
            <dd className="text-ink">
              {formatShortDateTime(session.lastUsedAt ?? session.createdAt, locale)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("security.sessionsPage.ip")}:</dt>
            <dd className="text-ink">{session.ip ?? t("security.sessionsPage.unknownIp")}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("security.sessionsPage.signedIn")}:</dt>
            <dd className="text-ink">{formatShortDateTime(session.createdAt, locale)}</dd>
          </div>
        </dl>
      </div>
      {session.current ? null : (
        <Form method="post" className="col-start-2 tablet:col-start-3">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="sessionId" value={session.id} />
          <button
            type="submit"
            disabled={revoking}
            aria-label={t("security.sessionsPage.revokeLabel", { device: label })}
            className="min-h-11 rounded px-4 py-2 text-sm font-semibold text-danger ring-1 ring-danger/40 hover:bg-danger/5 disabled:opacity-60"
            data-testid="session-revoke"
          >
            {t("security.sessionsPage.revoke")}
          </button>
        </Form>
      )}
    </li>
  );
}

function DeviceIcon({ kind }: { kind: DeviceSummary["kind"] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {kind === "desktop" ? (
        <>
          <rect x="3" y="4" width="18" height="12" rx="1.5" />
          <path d="M8 20h8M12 16v4" />
        </>
      ) : (
        <>
          <rect
            x={kind === "tablet" ? 4 : 6.5}
            y="2.5"
            width={kind === "tablet" ? 16 : 11}
            height="19"
            rx="2"
          />
          <path d="M11 18.5h2" />
        </>
      )}
    </svg>
  );
}
