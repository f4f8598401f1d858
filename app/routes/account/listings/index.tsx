import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { kindKey, StatusBadge } from "#app/components/listings/labels.tsx";
import { PayFeeForm } from "#app/components/listings/pay-fee-form.tsx";
import { Countdown } from "#app/components/product/countdown.tsx";
import { formatDate, pluralKey, usePriceFormatter } from "#app/components/product/format.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/index";

/**
 * My listings (`/ucet/vase-aukce`): every listing of the seller with its state, bids, price,
 * watchers and time left, filtered by state, with what may be done now (edit, promote, cancel
 * before the first bid, list again when unsold). The total is the account menu's count
 * (GET /api/me/advertisements/statistics counts the same rows).
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.mine.title"), noindex: true }));
}

const FILTERS = ["all", "active", "pending", "ended", "sold", "cancelled"] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string | null): value is Filter => FILTERS.includes(value as Filter);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const url = new URL(request.url);
  const filterParam = url.searchParams.get("filter");
  const page = Number(url.searchParams.get("page") ?? 1);
  const result = await services.listings.myListings(
    user!.id,
    { filter: isFilter(filterParam) ? filterParam : "all", page: Number.isFinite(page) ? page : 1 },
    locale,
  );
  return { ...result, serverNow: new Date().toISOString() };
}

export type MyListingsActionData = { ok: boolean; message: string; id: number };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const form = await request.formData();
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  if (intent === "cancel") {
    const result = await services.listings.cancel(user!, id, locale);
    if (result.status === "not_found") throw data(null, { status: 404 });
    if (result.status === "refused")
      return data<MyListingsActionData>({ ok: false, message: result.message, id }, { status: 409 });
    return { ok: true, id, message: result.listing.name } satisfies MyListingsActionData;
  }
  if (intent === "relist") {
    const result = await services.listings.relist(user!, id, locale);
    if (result.status === "not_found") throw data(null, { status: 404 });
    if (result.status === "refused")
      return data<MyListingsActionData>(
        { ok: false, message: result.message, id },
        { status: result.conflict ? 409 : 403 },
      );
    throw redirect(
      `${localePath("accountAdvertisementConfirmation", locale)}?id=${result.listing.id}&relisted=1`,
    );
  }
  if (intent === "pay") {
    // The fee's order (the open one, or a new one) and its page with the ways to pay.
    const result = await services.payments.orderListingFee(user!, id, locale);
    if (result.status === "not_found") throw data(null, { status: 404 });
    if (result.status === "refused")
      return data<MyListingsActionData>({ ok: false, message: result.message, id }, { status: 409 });
    throw redirect(result.order.summaryPath);
  }
  throw data(null, { status: 400 });
}

type Listing = Route.ComponentProps["loaderData"]["items"][number];

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded px-3.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function ListingRow({ listing, serverNow, busy }: { listing: Listing; serverNow: string; busy: boolean }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const auction = listing.format === "auction";
  const finished = listing.status === "ended" || listing.status === "sold";
  // No bid, no final price: an unsold auction still shows what it started at.
  const priceLabel = !auction
    ? t("listings.mine.price.fixed")
    : listing.bidCount === 0
      ? t("listings.mine.price.start")
      : finished
        ? t("listings.mine.price.final")
        : t("listings.mine.price.current");
  let timing: { label: string; value: ReactNode } | null = null;
  if (listing.status === "active" && listing.endsAt)
    timing = {
      label: t("listings.mine.timeLeft"),
      value: <Countdown endsAt={listing.endsAt} serverNow={serverNow} />,
    };
  else if (listing.status === "scheduled" && listing.activationAt)
    timing = { label: t("listings.mine.startsAt"), value: formatDate(listing.activationAt, locale, true) };
  else if (finished && (listing.endedAt ?? listing.endsAt))
    timing = {
      label: t("listings.mine.endedAt"),
      value: formatDate((listing.endedAt ?? listing.endsAt)!, locale),
    };
  const editPath = localePath("accountAdvertisementEdit", locale, { id: listing.id });
  const { actions } = listing;

  return (
    <li
      className="rounded-xl border border-line bg-white p-4 tablet:p-5"
      data-testid="my-listing"
      data-id={listing.id}
      data-status={listing.status}
    >
      <div className="flex gap-4">
        <Link to={listing.url} className="shrink-0" tabIndex={-1} aria-hidden="true">
          {listing.imageUrl ? (
            <ResponsiveImage
              src={listing.imageUrl}
              alt=""
              width={160}
              height={160}
              widths={[160, 320]}
              sizes="(min-width: 768px) 96px, 72px"
              className="size-18 rounded-lg object-cover ring-1 ring-line tablet:size-24"
            />
          ) : (
            <span className="block size-18 rounded-lg bg-light ring-1 ring-line tablet:size-24" />
          )}
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <Link
              to={listing.url}
              className="min-w-0 font-serif text-lg leading-snug text-ink hover:text-primary-dark hover:underline tablet:text-xl"
              data-testid="my-listing-name"
            >
              {listing.name}
            </Link>
            <StatusBadge status={listing.status} />
          </div>
          <p className="text-sm text-muted">
            {t(kindKey(listing))} · {listing.categoryName}
          </p>
          {listing.status === "awaiting_payment" && listing.fee ? (
            <p className="text-sm font-medium text-[#6b5116]" data-testid="my-listing-fee">
              {t("listings.mine.feeDue", { amount: price(listing.fee.amountMinor) })}
            </p>
          ) : null}
          {listing.toppedUntil ? (
            <p className="text-sm font-semibold text-[#6b5116]" data-testid="my-listing-topped">
              ★ {t("listings.mine.toppedUntil", { date: formatDate(listing.toppedUntil, locale, true) })}
            </p>
          ) : null}
          {listing.relistedAsId ? (
            <p className="text-sm text-muted">
              {t("listings.mine.relistedAs", { id: listing.relistedAsId })}
            </p>
          ) : null}
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-line pt-3 tablet:grid-cols-4">
        <Stat label={priceLabel} testId="my-listing-price">
          {listing.priceMinor === null ? t("listings.mine.byAgreement") : price(listing.priceMinor)}
        </Stat>
        <Stat label={t("listings.mine.bids")} testId="my-listing-bids">
          {auction ? listing.bidCount : "–"}
        </Stat>
        <Stat label={t("listings.mine.watchers")} testId="my-listing-watchers">
          {listing.watchers}
        </Stat>
        <Stat label={timing?.label ?? t("listings.mine.timeLeft")} testId="my-listing-time">
          {timing?.value ?? "–"}
        </Stat>
      </dl>

      {actions.edit || actions.cancel || actions.relist || actions.top || actions.pay ? (
        <div className="mt-4 flex flex-wrap items-start gap-2">
          {actions.pay ? (
            <PayFeeForm
              listingId={listing.id}
              busy={busy}
              className={`${BUTTON} bg-primary-dark text-white hover:bg-primary disabled:opacity-60`}
            />
          ) : null}
          {actions.top ? (
            <Link
              to={localePath("accountAdvertisementTop", locale, { id: listing.id })}
              className={`${BUTTON} bg-secondary text-ink hover:bg-[#b08a36]`}
              data-testid="my-listing-top"
            >
              ★ {t("listings.mine.top")}
            </Link>
          ) : null}
          {actions.edit ? (
            <Link
              to={editPath}
              className={`${BUTTON} border border-primary-dark text-primary-dark hover:bg-light`}
              data-testid="my-listing-edit"
            >
              {t("listings.mine.edit")}
            </Link>
          ) : null}
          {actions.relist ? (
            <Form method="post">
              <input type="hidden" name="id" value={listing.id} />
              <button
                type="submit"
                name="intent"
                value="relist"
                disabled={busy}
                title={t("listings.mine.relistHint")}
                className={`${BUTTON} bg-primary-dark text-white hover:bg-primary disabled:opacity-60`}
                data-testid="my-listing-relist"
              >
                ↻ {t("listings.mine.relist")}
              </button>
            </Form>
          ) : null}
          {actions.cancel ? (
            <details className="group">
              <summary
                className={`${BUTTON} cursor-pointer list-none text-danger hover:bg-danger/10 [&::-webkit-details-marker]:hidden`}
                data-testid="my-listing-cancel"
              >
                {t("listings.mine.cancel")}
              </summary>
              <Form
                method="post"
                className="mt-2 flex max-w-sm flex-col gap-2 rounded-lg bg-danger/5 p-3 ring-1 ring-danger/25"
              >
                <p className="text-sm">{t("listings.mine.cancelConfirm")}</p>
                <input type="hidden" name="id" value={listing.id} />
                <button
                  type="submit"
                  name="intent"
                  value="cancel"
                  disabled={busy}
                  className={`${BUTTON} self-start bg-danger text-white hover:bg-[#8c2925] disabled:opacity-60`}
                  data-testid="my-listing-cancel-confirm"
                >
                  {t("listings.mine.cancelYes")}
                </button>
              </Form>
            </details>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export default function MyListingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { items, filter, counts, page, pages, serverNow } = loaderData;
  const result = actionData as MyListingsActionData | undefined;
  const base = localePath("accountAdvertisements", locale);
  const href = (name: Filter, pageNumber = 1) => {
    const params = new URLSearchParams();
    if (name !== "all") params.set("filter", name);
    if (pageNumber > 1) params.set("page", String(pageNumber));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };

  return (
    <section data-testid="my-listings-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
            {t("listings.mine.title")}
          </h1>
          <p className="mt-1 text-muted" data-testid="my-listings-total">
            {t(pluralKey(locale, "listings.mine.count", counts.all), { count: counts.all })}
          </p>
        </div>
        <Link
          to={localePath("accountAdvertisementAdd", locale)}
          className="inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
          data-testid="my-listings-add"
        >
          + {t("listings.mine.add")}
        </Link>
      </div>

      <nav
        aria-label={t("listings.mine.filters")}
        className="-mx-4 mt-6 overflow-x-auto px-4 tablet:mx-0 tablet:px-0"
      >
        <ul className="flex min-w-max gap-2">
          {FILTERS.map((name) => {
            const current = name === filter;
            return (
              <li key={name}>
                <Link
                  to={href(name)}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-10 items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold ring-1 transition ${
                    current
                      ? "bg-primary-dark text-white ring-primary-dark"
                      : "bg-white text-ink ring-line hover:ring-primary"
                  }`}
                  data-testid={`my-listings-filter-${name}`}
                >
                  {t(`listings.mine.filter.${name}`)}
                  <span className={`tabular-nums ${current ? "text-white/80" : "text-muted"}`}>
                    {counts[name]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-5 rounded-lg px-4 py-3 ${result.ok ? "bg-success/10 text-[#1f5c44]" : "bg-danger/10 text-danger"}`}
          data-testid="my-listings-message"
        >
          {result.ok ? t("listings.mine.cancelled", { name: result.message }) : result.message}
        </p>
      ) : null}

      {items.length === 0 ? (
        <div
          className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-line"
          data-testid="my-listings-empty"
        >
          <p className="font-serif text-xl text-ink">{t("listings.mine.empty")}</p>
          <p className="mt-2 text-sm text-muted">
            {filter === "all" ? t("listings.mine.emptyAll") : t("listings.mine.emptyFilter")}
          </p>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" data-testid="my-listings">
          {items.map((listing) => (
            <ListingRow key={listing.id} listing={listing} serverNow={serverNow} busy={busy} />
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label={t("listings.mine.pages")} className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link
              to={href(filter as Filter, page - 1)}
              rel="prev"
              className="font-semibold text-primary-dark underline"
            >
              ← {t("listings.mine.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">{t("listings.mine.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link
              to={href(filter as Filter, page + 1)}
              rel="next"
              className="font-semibold text-primary-dark underline"
            >
              {t("listings.mine.next")} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
