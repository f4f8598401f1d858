import { data, Link, redirect } from "react-router";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { safeLocalPath } from "#core/web/safe-redirect.ts";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { avatarUrl } from "../components/header/shared.ts";
import { ContactSeller } from "../components/listings/contact-seller.tsx";
import { formatDate, pluralKey } from "../components/product/format.ts";
import { RatingStars, ReviewHeading } from "../components/product/rating-stars.tsx";
import { VerifiedBadge } from "../components/product/seller-card.tsx";
import { ReportReview } from "../components/reviews/report-review.tsx";
import { parsePathId } from "../components/seo/canonical.ts";
import { breadcrumbJsonLd, profileJsonLd } from "../components/seo/json-ld.ts";
import { seoMeta } from "../components/seo/meta.ts";
import { appContext } from "../context.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { named } from "../middleware.server.ts";
import type { Route } from "./+types/user-profile";

const PRODUCTS_PER_PAGE = 12;
const PAGE_PARAM = "strana";

/**
 * A public seller page /uzivatel/{id}: name, badge, member since, rating with reviews, live
 * listings. Without an id it is the signed-in user's own profile; a guest is sent to log in (the
 * auth middleware's redirect, applied only here, since with an id the page is public).
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, request, context } = args;
  const { services, locale, user, config } = context.get(appContext);
  let id: number | null;
  if (params.id === undefined) {
    for (const middleware of named("auth")) await middleware(args as never, async () => undefined as never);
    id = user?.id ?? null;
  } else {
    id = parsePathId(params.id);
  }
  const profile = id ? await services.profiles.publicProfile(id, locale) : null;
  if (!id || !profile) throw data(null, { status: 404 });

  const url = new URL(request.url);
  const pageParam = url.searchParams.get(PAGE_PARAM);
  if (pageParam !== null && !/^[1-9]\d{0,4}$/.test(pageParam)) throw data(null, { status: 404 });
  if (pageParam === "1") throw redirect(safeLocalPath(url.pathname), 301);
  const products = await services.catalog.listProducts({
    locale,
    sellerId: id,
    sort: "newest",
    page: pageParam ? Number(pageParam) : 1,
    perPage: PRODUCTS_PER_PAGE,
  });

  const own = user?.id === id;
  // "Write to the seller" needs a listing to write about (every message is about one).
  const contactable = !own && (await services.listings.contactItems(id, locale, 1)).length > 0;
  const path = (language: "cs" | "en") => localePath("userProfile", language, { id });
  return {
    profile,
    products,
    own,
    contactable,
    anonymousPath: params.id === undefined,
    serverNow: new Date().toISOString(),
    locale,
    origin: config.publicUrl,
    paths: { cs: path("cs"), en: path("en") },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { profile, locale, origin, paths, anonymousPath, products } = loaderData;
  const title = translate(locale, "product.profile.metaTitle", { name: profile.username });
  const description = translate(locale, "product.profile.metaDescription", {
    name: profile.username,
    count: profile.activeAdverts,
    rating: profile.ratingAverage === null ? "–" : profile.ratingAverage.toFixed(1),
    reviews: profile.ratingCount,
  });
  return seoMeta({
    origin,
    locale,
    title,
    description,
    path: paths[locale],
    alternates: paths,
    type: "profile",
    image: products.items[0]?.image?.src ?? null,
    // The own-profile address (/uzivatel without an id) is personal: only the id URL is indexed.
    noindex: anonymousPath,
    jsonLd: [
      profileJsonLd(origin, {
        username: profile.username,
        path: paths[locale],
        memberSince: profile.memberSince,
        ratingAverage: profile.ratingAverage,
        ratingCount: profile.ratingCount,
      }),
      breadcrumbJsonLd(origin, [
        { name: translate(locale, "product.home"), path: localePath("home", locale) },
        { name: profile.username, path: paths[locale] },
      ]),
    ],
  });
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile, products, own, contactable, paths, serverNow } = loaderData;
  const { t, locale } = useTranslation();
  const shown = (value: number) =>
    value.toLocaleString(locale === "cs" ? "cs-CZ" : "en-GB", {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
  const pageUrl = (page: number) => `${paths[locale]}${page > 1 ? `?${PAGE_PARAM}=${page}` : ""}`;

  return (
    <div className="container-page pt-8 pb-16" data-testid="user-profile" data-user-id={profile.id}>
      {own ? (
        <p
          className="mb-5 rounded-xl bg-secondary/15 px-4 py-3 text-sm text-ink ring-1 ring-secondary/40"
          data-testid="own-profile-note"
        >
          {t("product.profile.ownNote")}
        </p>
      ) : null}

      <header className="flex flex-col gap-6 rounded-2xl bg-primary-dark p-6 text-white tablet:p-8 desktop:flex-row desktop:items-center">
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex items-center gap-5">
            {profile.avatarFileName ? (
              <img
                src={avatarUrl(profile.avatarFileName)}
                alt=""
                width={80}
                height={80}
                className="size-16 rounded-full object-cover ring-2 ring-secondary tablet:size-20"
              />
            ) : (
              <span
                className="grid size-16 shrink-0 place-items-center rounded-full bg-white/10 font-serif text-3xl tablet:size-20 tablet:text-4xl text-secondary ring-2 ring-secondary/60"
                aria-hidden="true"
              >
                {[...profile.username][0]?.toUpperCase()}
              </span>
            )}
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-[0.2em] text-[#e0bd6e] uppercase">
                {t("product.profile.kicker")}
              </p>
              <h1
                className="mt-1 font-serif text-2xl break-words tablet:text-4xl"
                data-testid="profile-username"
              >
                {profile.username}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-white/90">
                {profile.verified ? (
                  <VerifiedBadge className="bg-white/95" />
                ) : (
                  <span>{t("product.profile.unverified")}</span>
                )}
                <span data-testid="profile-member-since">
                  {t("product.seller.memberSince", { date: formatDate(profile.memberSince, locale) })}
                </span>
              </div>
            </div>
          </div>
          {/* Under the name from the tablet width on; across the card on a phone. */}
          {contactable ? (
            <div className="tablet:w-fit tablet:pl-[6.25rem]" data-testid="profile-contact">
              <ContactSeller sellerId={profile.id} variant="secondary" ownEdit={false} />
            </div>
          ) : null}
        </div>
        {/* Under the name below the desktop width, where three equal boxes fit their labels;
            beside it from there, each as wide as its label (at 768 px a third of what was left
            beside the name was narrower than "HODNOCENÍ"). */}
        <dl className="grid grid-cols-3 gap-3 tablet:gap-6 desktop:ml-auto desktop:shrink-0 desktop:grid-cols-[repeat(3,max-content)]">
          <div className="rounded-xl bg-white/10 px-3 py-3 text-center tablet:px-5">
            <dt className="text-[0.65rem] tracking-wide text-white/85 uppercase tablet:text-[0.7rem]">
              {t("product.profile.rating")}
            </dt>
            <dd className="mt-1 font-serif text-2xl text-[#e0bd6e]" data-testid="profile-rating">
              <a href="#reviews-title" className="hover:underline">
                {profile.ratingAverage === null ? "–" : shown(profile.ratingAverage)}
              </a>
            </dd>
          </div>
          <div className="rounded-xl bg-white/10 px-3 py-3 text-center tablet:px-5">
            <dt className="text-[0.65rem] tracking-wide text-white/85 uppercase tablet:text-[0.7rem]">
              {t("product.profile.active")}
            </dt>
            <dd className="mt-1 font-serif text-2xl" data-testid="profile-active">
              {profile.activeAdverts}
            </dd>
          </div>
          <div className="rounded-xl bg-white/10 px-3 py-3 text-center tablet:px-5">
            <dt className="text-[0.65rem] tracking-wide text-white/85 uppercase tablet:text-[0.7rem]">
              {t("product.profile.sold")}
            </dt>
            <dd className="mt-1 font-serif text-2xl">{profile.soldCount}</dd>
          </div>
        </dl>
      </header>

      <div className="mt-10 grid gap-10 desktop:grid-cols-[minmax(0,4fr)_minmax(0,8fr)]">
        <section aria-labelledby="reviews-title" data-testid="profile-reviews">
          <h2 id="reviews-title" className="font-serif text-2xl text-primary-dark">
            {t("product.profile.reviews")}
          </h2>
          {profile.ratingCount > 0 && profile.ratingAverage !== null ? (
            <div className="mt-4 rounded-2xl bg-white p-5 ring-1 ring-line">
              <div className="flex items-center gap-4">
                <p className="font-serif text-5xl text-primary-dark">{shown(profile.ratingAverage)}</p>
                <div>
                  <RatingStars value={profile.ratingAverage} size="size-5" />
                  <p className="mt-1 text-sm text-muted">
                    {t(pluralKey(locale, "product.seller.ratings", profile.ratingCount), {
                      count: profile.ratingCount,
                    })}
                  </p>
                </div>
              </div>
              <ul className="mt-4 flex flex-col gap-1.5" aria-label={t("product.profile.distribution")}>
                {profile.ratingDistribution.map((count, index) => {
                  const stars = 5 - index;
                  const share = profile.ratingCount ? (count / profile.ratingCount) * 100 : 0;
                  return (
                    <li key={stars} className="flex items-center gap-3 text-sm">
                      <span className="w-10 shrink-0 text-muted">{stars} ★</span>
                      <span
                        className="h-2 flex-1 overflow-hidden rounded-full bg-light ring-1 ring-line"
                        aria-hidden="true"
                      >
                        <span
                          className="block h-full rounded-full bg-secondary"
                          style={{ width: `${share}%` }}
                        />
                      </span>
                      <span className="w-6 shrink-0 text-right tabular-nums">{count}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            <p className="mt-4 rounded-2xl bg-white p-5 text-sm text-muted ring-1 ring-line">
              {t("product.profile.noReviews")}
            </p>
          )}
          {profile.reviews.length > 0 ? (
            <ol className="mt-5 flex flex-col gap-4">
              {profile.reviews.map((review) => (
                <li
                  key={review.id}
                  className="rounded-2xl bg-white p-5 ring-1 ring-line"
                  data-testid="review"
                >
                  <ReviewHeading stars={review.stars} createdAt={review.createdAt} />
                  {review.comment ? <p className="mt-3 leading-relaxed">{review.comment}</p> : null}
                  <p className="mt-3 text-xs text-muted">
                    {review.author ? (
                      <Link
                        to={localePath("userProfile", locale, { id: review.author.id })}
                        className="font-medium text-ink hover:underline"
                      >
                        {review.author.username}
                      </Link>
                    ) : (
                      t("product.profile.formerUser")
                    )}
                    {review.product ? (
                      <>
                        {" · "}
                        <Link to={review.product.url} className="hover:text-primary-dark hover:underline">
                          {review.product.name}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <div className="mt-2 flex justify-end">
                    <ReportReview reviewId={review.id} authorId={review.author?.id ?? null} />
                  </div>
                  {review.reply ? (
                    <div
                      className="mt-3 rounded-xl bg-light p-3 text-sm ring-1 ring-line"
                      data-testid="review-reply"
                    >
                      <p className="text-xs font-semibold text-primary-dark">
                        {t("product.profile.reply", { name: profile.username })}
                      </p>
                      <p className="mt-1 leading-relaxed">{review.reply}</p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
        </section>

        <section
          aria-labelledby="listings-title"
          className="order-first desktop:order-none"
          data-testid="profile-products"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="listings-title" className="font-serif text-2xl text-primary-dark">
              {t("product.profile.listings")}
            </h2>
            <p className="text-sm text-muted">
              {t(pluralKey(locale, "product.seller.adverts", products.total), { count: products.total })}
            </p>
          </div>
          {products.items.length > 0 ? (
            <div className="mt-5">
              <ProductGrid products={products.items} now={serverNow} variant="listing" />
            </div>
          ) : (
            <p className="mt-5 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-line">
              {t("product.profile.noListings")}
            </p>
          )}
          {products.pageCount > 1 ? (
            <nav
              aria-label={t("product.profile.pagination")}
              className="mt-8 flex flex-wrap justify-center gap-2"
            >
              {Array.from({ length: products.pageCount }, (_, index) => index + 1).map((number) => (
                <Link
                  key={number}
                  to={pageUrl(number)}
                  aria-current={number === products.page ? "page" : undefined}
                  className={`inline-flex min-w-11 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium ring-1 ${
                    number === products.page
                      ? "bg-primary-dark text-white ring-primary-dark"
                      : "bg-white ring-line hover:ring-primary-dark"
                  }`}
                >
                  {number}
                </Link>
              ))}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}
