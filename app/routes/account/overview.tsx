import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { SectionButton } from "#app/components/account/section.tsx";
import { useLiveCounts } from "#app/components/header/live-counts.ts";
import { Countdown } from "#app/components/product/countdown.tsx";
import { usePriceFormatter } from "#app/components/product/format.ts";
import { VerifiedBadge } from "#app/components/product/seller-card.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { localePath } from "#core/i18n/paths.ts";
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
  const form = await request.formData();
  if (form.get("intent") !== "resendConfirmation") throw data(null, { status: 400 });
  const result = await services.accountOverview.resendConfirmation(user!.id, locale);
  if (result.status === "limited") {
    return data(
      { ok: false, message: result.message },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return { ok: true, message: result.message };
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

export default function AccountOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useTranslation();
  const price = usePriceFormatter();
  const navigation = useNavigation();
  // The header polls the counts every 10 s (spec section 6); the overview shows the same numbers.
  const live = useLiveCounts();
  const advertisements = live?.advertisements ?? loaderData.advertisements;
  const newNotifications = live?.messages.new ?? loaderData.notifications.new;
  const { quota, email, discount } = loaderData;

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
  const quotaText = quota.verified
    ? t("security.overview.quotaUnlimited")
    : quota.left > 0
      ? t("security.overview.quotaLeft", { left: quota.left, free: quota.free })
      : t("security.overview.quotaUsedUp", { free: quota.free });

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

      <div className="mt-6 grid gap-4 tablet:grid-cols-2">
        <Card title={t("security.overview.verificationTitle")} testId="overview-verification">
          {loaderData.verified ? (
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
          {actionData ? (
            <p
              role={actionData.ok ? "status" : "alert"}
              className={`mt-2 ${actionData.ok ? "text-success" : "text-danger"}`}
            >
              {actionData.message}
            </p>
          ) : null}
        </Card>

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
        <section aria-labelledby="overview-bids-title" data-testid="overview-bids">
          <h2 id="overview-bids-title" className="font-serif text-2xl text-primary-dark">
            {t("security.overview.bidsTitle")}
          </h2>
          {loaderData.lastBids.length === 0 ? (
            <p className="mt-3 rounded-xl border border-dashed border-line bg-white/60 p-5 text-muted">
              {t("security.overview.bidsEmpty")}{" "}
              <Link
                to={localePath("dailyAuctions", locale)}
                className="font-semibold text-primary-dark underline underline-offset-4"
              >
                {t("security.overview.browse")}
              </Link>
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {loaderData.lastBids.map((bid) => {
                const running = bid.status === "active";
                const closed = bid.status === "sold" || bid.status === "ended";
                const state = running
                  ? bid.leading
                    ? "leading"
                    : "outbid"
                  : closed
                    ? bid.won
                      ? "won"
                      : "lost"
                    : "ended";
                const tone =
                  state === "leading" || state === "won"
                    ? "bg-success/10 text-[#1f5c44] ring-success/30"
                    : state === "outbid"
                      ? "bg-danger/10 text-danger ring-danger/25"
                      : "bg-ink/5 text-muted ring-ink/15";
                return (
                  <li
                    key={bid.productId}
                    className="flex flex-col gap-1 rounded-xl border border-line bg-white px-4 py-3"
                    data-testid="overview-bid"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <Link
                        to={bid.url}
                        className="min-w-0 font-semibold break-words text-ink hover:text-primary-dark hover:underline"
                      >
                        {bid.name}
                      </Link>
                      <span
                        className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}
                      >
                        {t(`security.overview.${state}`)}
                      </span>
                    </div>
                    <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
                      <span>
                        {t("security.overview.yourBid")}:{" "}
                        <strong className="text-ink">{price(bid.amountMinor)}</strong>
                      </span>
                      {bid.currentPriceMinor !== null ? (
                        <span>
                          {t("security.overview.currentPrice")}:{" "}
                          <strong className="text-ink">{price(bid.currentPriceMinor)}</strong>
                        </span>
                      ) : null}
                      {running && bid.endsAt ? (
                        <span>
                          {t("security.overview.endsIn")}{" "}
                          <Countdown
                            endsAt={bid.endsAt}
                            serverNow={loaderData.serverNow}
                            className="font-semibold text-ink"
                          />
                        </span>
                      ) : null}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="overview-ending-title" data-testid="overview-ending">
          <h2 id="overview-ending-title" className="font-serif text-2xl text-primary-dark">
            {t("security.overview.endingTitle")}
          </h2>
          {loaderData.endingSoon.length === 0 ? (
            <p className="mt-3 rounded-xl border border-dashed border-line bg-white/60 p-5 text-muted">
              {t("security.overview.endingEmpty")}
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {loaderData.endingSoon.map((item) => (
                <li
                  key={item.productId}
                  className="flex items-center gap-3 rounded-xl border border-line bg-white px-3 py-2.5"
                  data-testid="overview-watched"
                >
                  <span className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg bg-light ring-1 ring-line">
                    {item.image ? (
                      <ResponsiveImage
                        src={item.image}
                        alt=""
                        width={56}
                        height={56}
                        sizes="63px"
                        widths={[160]}
                        className="size-full object-contain p-1"
                      />
                    ) : null}
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link
                      to={item.url}
                      className="font-semibold break-words text-ink hover:text-primary-dark hover:underline"
                    >
                      {item.name}
                    </Link>
                    <p className="flex flex-wrap gap-x-4 text-sm text-muted">
                      {item.priceMinor !== null ? (
                        <strong className="text-ink">{price(item.priceMinor)}</strong>
                      ) : null}
                      <span>
                        {t("security.overview.endsIn")}{" "}
                        <Countdown
                          endsAt={item.endsAt}
                          serverNow={loaderData.serverNow}
                          className="font-semibold text-ink"
                        />
                      </span>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Link to={localePath("accountWatch", locale)} className={actionLinkClass}>
            {t("security.overview.allWatched")}
          </Link>
        </section>
      </div>
    </section>
  );
}
