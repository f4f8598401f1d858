import { data, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { ListingRow } from "#app/features/listings/my-listing-row.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { listingRefusalMessage, listingRefusalStatus } from "#core/contracts/listing-refusals.ts";
import { paymentRefusalMessage } from "#core/contracts/payments.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { ListingActionSchema } from "#core/schemas/listing.ts";
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
  const { locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), ListingActionSchema, locale);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { intent, id } = submission.value;
  if (intent === "cancel") return cancelListing(context, id);
  if (intent === "relist") return relistListing(context, id);
  return payFee(context, id);
}

type Context = Route.ActionArgs["context"];

async function cancelListing(context: Context, id: number) {
  const { services, user, locale } = context.get(appContext);
  const result = await services.listings.cancel(user!, id, locale);
  if (!result.ok && result.code === "not_found") throw data(null, { status: 404 });
  if (!result.ok) {
    const message = listingRefusalMessage(locale, result.code);
    return data<MyListingsActionData>(
      { ok: false, message, id },
      { status: listingRefusalStatus(result.code) },
    );
  }
  return { ok: true, id, message: result.value.name } satisfies MyListingsActionData;
}

/** Lists an unsold listing again (a new listing) and shows its confirmation. */
async function relistListing(context: Context, id: number) {
  const { services, user, locale } = context.get(appContext);
  const result = await services.listings.relist(user!, id, locale);
  if (!result.ok && result.code === "not_found") throw data(null, { status: 404 });
  if (!result.ok) {
    const message = listingRefusalMessage(locale, result.code);
    return data<MyListingsActionData>(
      { ok: false, message, id },
      { status: listingRefusalStatus(result.code) },
    );
  }
  throw redirect(
    `${localePath("accountAdvertisementConfirmation", locale)}?id=${result.value.id}&relisted=1`,
  );
}

/** The fee's order (the open one, or a new one) and its page with the ways to pay. */
async function payFee(context: Context, id: number) {
  const { services, user, locale } = context.get(appContext);
  const result = await services.payments.orderListingFee(user!, id, locale);
  if (result.ok) throw redirect(result.value.summaryPath);
  if (result.code === "not_found") throw data(null, { status: 404 });
  const message = paymentRefusalMessage(locale, result.code);
  return data<MyListingsActionData>({ ok: false, message, id }, { status: 409 });
}

export default function MyListingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { items, filter, counts, page, pages, serverNow } = loaderData;
  const result = actionData as MyListingsActionData | undefined;
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
      <FilterNav filter={filter as Filter} counts={counts} />
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
      {pages > 1 ? <Pages filter={filter as Filter} page={page} pages={pages} /> : null}
    </section>
  );
}

/** The list's address for a filter and a page. */
function useListPath() {
  const { locale } = useTranslation();
  const base = localePath("accountAdvertisements", locale);
  return (name: Filter, pageNumber = 1) => {
    const params = new URLSearchParams();
    if (name !== "all") params.set("filter", name);
    if (pageNumber > 1) params.set("page", String(pageNumber));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
}

function FilterNav({ filter, counts }: { filter: Filter; counts: Record<Filter, number> }) {
  const { t } = useTranslation();
  const href = useListPath();
  return (
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
  );
}

function Pages({ filter, page, pages }: { filter: Filter; page: number; pages: number }) {
  const { t } = useTranslation();
  const href = useListPath();
  return (
    <nav aria-label={t("listings.mine.pages")} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(filter, page - 1)} rel="prev" className="font-semibold text-primary-dark underline">
          ← {t("listings.mine.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">{t("listings.mine.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(filter, page + 1)} rel="next" className="font-semibold text-primary-dark underline">
          {t("listings.mine.next")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
