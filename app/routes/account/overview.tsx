import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { EndingSoon, LastBids } from "#app/features/account/overview-lists.tsx";
import { SectionButton } from "#app/features/account/section.tsx";
import { AgeCard } from "#app/features/age-check/age-line.tsx";
import { VerifiedBadge } from "#app/features/product/seller-card.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { useLiveCounts } from "#app/ui/live-counts.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatWait } from "#core/formats/wait.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { OverviewFormSchema } from "#core/schemas/account.ts";
import type { Route } from "./+types/overview";

export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("account.overviewTitle"), noindex: true }));
}

/**
 * The account overview (`/ucet/prehled`, issue 5 item 3): listing statistics and new
 * notifications, the last bids, watched auctions ending soon, the verification state with the
 * free-listing quota, the e-mail confirmation (with a resend), the group discount and a way to the
 * logged-in devices. One read through services.accountOverview.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  // The auth middleware guarantees a user.
  const overview = await services.accountOverview.overview(user!, locale);
  return {
    age: await services.ageCheck.verificationOf(user!.id),
    username: user!.username,
    serverNow: new Date().toISOString(),
    ...overview,
    lastBids: overview.lastBids.map((bid) => ({
      ...bid,
      bidAt: bid.bidAt.toISOString(),
      endsAt: bid.endsAt?.toISOString() ?? null,
    })),
    endingSoon: overview.endingSoon.map((item) => ({ ...item, endsAt: item.endsAt.toISOString() })),
  };
}

/** The one action here: a new e-mail confirmation link (limited per hour by the service). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), OverviewFormSchema, locale);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const result = await services.accountOverview.resendConfirmation(user!.id);
  if (!result.ok) {
    const seconds = result.details.retryAfterSeconds;
    return data(
      {
        ok: false,
        message: translate(locale, "security.overview.resendLimited", { wait: formatWait(locale, seconds) }),
      },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }
  const sent = result.value === "sent";
  return {
    ok: true,
    message: translate(locale, sent ? "security.overview.resendSent" : "security.overview.alreadyConfirmed"),
  };
}

const cardClass = "rounded-xl border border-line bg-white p-5";

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className={cardClass} data-testid={testId} aria-label={title}>
      <h2 className="font-serif text-xl text-primary-dark">{title}</h2>
      <div className="mt-2 text-[0.95rem]">{children}</div>
    </section>
  );
}

const actionLinkClass =
  "mt-3 inline-flex min-h-11 items-center font-semibold text-primary-dark underline decoration-secondary underline-offset-4 hover:decoration-primary-dark";

type Overview = Route.ComponentProps["loaderData"];

export default function AccountOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useTranslation();
  const { discount } = loaderData;
  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <section data-testid="account-overview">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
            {t("account.overviewTitle")}
          </h1>
          <p className="mt-1 text-muted" data-testid="account-welcome">
            {t("account.welcome", { name: loaderData.username })}
          </p>
        </div>
        {loaderData.verified ? <VerifiedBadge /> : null}
      </div>

      <h2 className="sr-only">{t("security.overview.statsTitle")}</h2>
      <OverviewStats loaderData={loaderData} />

      <div className="mt-6 grid gap-4 tablet:grid-cols-2">
        <VerificationCard verified={loaderData.verified} quota={loaderData.quota} />
        <EmailCard email={loaderData.email} answer={actionData} />
        <AgeCard verification={loaderData.age} />
        {discount ? (
          <Card title={t("security.overview.discountTitle")} testId="overview-discount">
            <p>{t("security.overview.discountText", { group: discount.group, percent: discount.percent })}</p>
          </Card>
        ) : null}

        <Card title={t("security.overview.securityTitle")} testId="overview-security">
          <p className="text-muted">{t("security.overview.securityText")}</p>
          <Link
            to={localePath("accountSessions", locale)}
            className={actionLinkClass}
            data-testid="overview-sessions-link"
          >
            {t("security.overview.sessionsLink")}
          </Link>
        </Card>
      </div>

      <div className="mt-8 grid gap-6 widescreen:grid-cols-2">
        <LastBids bids={loaderData.lastBids} serverNow={loaderData.serverNow} />
        <EndingSoon items={loaderData.endingSoon} serverNow={loaderData.serverNow} />
      </div>
    </section>
  );
}

/** The counts (the header polls them every 10 s, docs/product/screens.md; the overview shows the same). */
function OverviewStats({ loaderData }: { loaderData: Overview }) {
  const { locale, t } = useTranslation();
  const live = useLiveCounts();
  const advertisements = live?.advertisements ?? loaderData.advertisements;
  const newNotifications = live?.messages.new ?? loaderData.notifications.new;
  const stats = [
    { label: t("account.statsActive"), value: advertisements.active },
    { label: t("account.statsStarted"), value: advertisements.started },
    { label: t("account.statsTotal"), value: advertisements.total },
    {
      label: t("security.overview.notifications"),
      value: newNotifications,
      to: localePath("accountMessages", locale),
    },
  ];
  return (
    <dl
      className="mt-6 grid grid-cols-2 gap-3 desktop:grid-cols-4 desktop:gap-4"
      data-testid="overview-stats"
    >
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse rounded-xl border border-line bg-white p-4 tablet:p-5"
        >
          <dt className="text-sm text-muted">
            {stat.to ? (
              <Link
                to={stat.to}
                className="underline decoration-line underline-offset-4 hover:text-primary-dark"
              >
                {stat.label}
              </Link>
            ) : (
              stat.label
            )}
          </dt>
          <dd className="font-serif text-3xl text-primary-dark">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VerificationCard({ verified, quota }: { verified: boolean; quota: Overview["quota"] }) {
  const { locale, t } = useTranslation();
  const quotaText = quota.verified
    ? t("security.overview.quotaUnlimited")
    : quota.left > 0
      ? t("security.overview.quotaLeft", { left: quota.left, free: quota.free })
      : t("security.overview.quotaUsedUp", { free: quota.free });
  return (
    <Card title={t("security.overview.verificationTitle")} testId="overview-verification">
      {verified ? (
        <>
          <VerifiedBadge />
          <p className="mt-2 text-muted">{t("security.overview.verifiedText")}</p>
        </>
      ) : (
        <>
          <p className="text-muted">{t("security.overview.unverifiedText")}</p>
          <Link to={localePath("accountVerified", locale)} className={actionLinkClass}>
            {t("security.overview.verifyLink")}
          </Link>
        </>
      )}
      <p className="mt-3 border-t border-line pt-3" data-testid="overview-quota">
        <span className="font-semibold">{t("security.overview.quotaTitle")}: </span>
        {quotaText}
      </p>
    </Card>
  );
}

/** The address, confirmed or not; an unconfirmed one gets the button for a new link. */
function EmailCard({
  email,
  answer,
}: {
  email: Overview["email"];
  answer?: { ok: boolean; message: string };
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Card title={t("security.overview.emailTitle")} testId="overview-email">
      {email.confirmed ? (
        <p className="flex items-start gap-2">
          <span aria-hidden="true" className="font-bold text-success">
            ✓
          </span>
          <span className="min-w-0 break-words">
            {t("security.overview.emailConfirmed", { email: email.address })}
          </span>
        </p>
      ) : (
        <>
          <p className="break-words text-danger">
            {t("security.overview.emailUnconfirmed", { email: email.address })}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resendConfirmation" />
            <SectionButton tone="secondary" busy={navigation.state !== "idle"}>
              {t("security.overview.resend")}
            </SectionButton>
          </Form>
        </>
      )}
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-2 ${answer.ok ? "text-success" : "text-danger"}`}
        >
          {answer.message}
        </p>
      ) : null}
    </Card>
  );
}
