import { data, redirect } from "react-router";
import { SellerKindBox } from "#app/features/traders/seller-kind.tsx";
import { ReportLink } from "#app/ui/report-link.tsx";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { safeLocalPath } from "#core/web/safe-redirect.ts";
import { appContext } from "../context.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { named } from "../middleware.server.ts";
import { parsePathId } from "../ui/seo/canonical.ts";
import { breadcrumbJsonLd, profileJsonLd } from "../ui/seo/json-ld.ts";
import { seoMeta } from "../ui/seo/meta.ts";
import type { Route } from "./+types/user-profile";
import { ProfileHeader, ProfileListings, ProfileReviews } from "./user-profile-sections.tsx";

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
  const badges = (await services.trustBadges.badgesOf([id])).get(id) ?? null;
  // "Write to the seller" needs a listing to write about (every message is about one).
  const contactable = !own && (await services.listings.contactItems(id, locale, 1)).length > 0;
  // Private person or trader with the DSA Art 30 details (server/modules/traders).
  const sellerKind = await services.traders.publicSellerOf(id);
  const path = (language: "cs" | "en") => localePath("userProfile", language, { id });
  return {
    profile,
    badges,
    products,
    own,
    contactable,
    sellerKind,
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
  const { profile, badges, products, own, contactable, paths, serverNow, sellerKind } = loaderData;
  const { t, locale } = useTranslation();
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
      <ProfileHeader profile={profile} badges={badges} contactable={contactable} />
      {sellerKind ? (
        <div className="mt-5 max-w-3xl">
          <SellerKindBox seller={sellerKind} />
        </div>
      ) : null}
      {own ? null : (
        <p className="mt-2 text-right">
          <ReportLink kind="user" id={profile.id} />
        </p>
      )}
      <div className="mt-10 grid gap-10 desktop:grid-cols-[minmax(0,4fr)_minmax(0,8fr)]">
        <ProfileReviews profile={profile} />
        <ProfileListings products={products} serverNow={serverNow} pageUrl={pageUrl} />
      </div>
    </div>
  );
}
