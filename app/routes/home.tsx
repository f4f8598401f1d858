import { Link } from "react-router";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { appContext } from "../context.ts";
import { BlogCard } from "../features/home/blog-card.tsx";
import { FeaturedCategories } from "../features/home/featured-categories.tsx";
import { HomeHero } from "../features/home/hero.tsx";
import { PromoBanners } from "../features/home/promo-banners.tsx";
import { HomeSection } from "../features/home/section.tsx";
import { LastViewed } from "../features/product/last-viewed.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import type { ShellData } from "../shell.ts";
import { bannerImageUrl } from "../ui/banner-link.tsx";
import { ProductGrid } from "../ui/product-card/product-card.tsx";
import { type OrganizationContacts, organizationJsonLd, websiteJsonLd } from "../ui/seo/json-ld.ts";
import { seoMeta } from "../ui/seo/meta.ts";
import type { Route } from "./+types/home";

/**
 * The shop window: topped listings, auctions ending soon, the newest listings, featured categories,
 * the magazine and the visitor's last viewed products. Each list is one listing query; topped
 * products are left out of the other lists so that nothing shows twice.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, config, user } = context.get(appContext);
  const [topped, featuredSetting, contacts, posts] = await Promise.all([
    services.catalog.listCards({ locale, toppedOnly: true, sort: "newest", perPage: 4 }),
    services.settings.get<unknown>("categoriesMenu", locale),
    services.settings.get<OrganizationContacts>("contacts", locale),
    services.blog.listPosts({ locale, perPage: 3 }),
  ]);
  const toppedIds = topped.map((item) => item.id);
  // The soonest-ending auction stars in the hero; the next four follow in their section. "ending"
  // is a sort the visitor could pick, so it is obeyed exactly (promotion aside) and the page comes
  // soonest first, read in the order of an index (sort.ts).
  const endingPage = await services.catalog.listCards({
    locale,
    formats: ["auction"],
    sort: "ending",
    perPage: 5,
    excludeIds: toppedIds,
  });
  const ending = endingPage.filter((item) => item.endsAt !== null);
  const newest = await services.catalog.listCards({
    locale,
    sort: "newest",
    perPage: 8,
    excludeIds: [...toppedIds, ...ending.map((item) => item.id)],
  });
  const featuredIds = Array.isArray(featuredSetting)
    ? featuredSetting.filter((id): id is number => Number.isSafeInteger(id))
    : [];
  return {
    locale,
    origin: config.publicUrl,
    loggedIn: user !== null,
    topped,
    spotlight: ending[0] ?? null,
    ending: ending.slice(1),
    serverNow: new Date().toISOString(),
    newest,
    featuredIds,
    posts: posts.items,
    contacts: contacts ?? {},
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { locale, origin, contacts } = loaderData;
  const shell = matches[0]?.loaderData as ShellData | undefined;
  const banner = shell?.banners?.["banner.promo"]?.[0];
  return seoMeta({
    origin,
    locale,
    title: translate(locale, "product.homePage.metaTitle"),
    description: translate(locale, "product.homePage.metaDescription"),
    path: localePath("home", locale),
    alternates: { cs: localePath("home", "cs"), en: localePath("home", "en") },
    image: banner ? bannerImageUrl(banner) : null,
    imageAlt: banner?.title,
    jsonLd: [organizationJsonLd(origin, contacts), websiteJsonLd(origin, locale)],
  });
}

/** The invitation to sell: guests go through the login, which sends them on to the add form. */
function SellBanner({ loggedIn }: { loggedIn: boolean }) {
  const { t, locale } = useTranslation();
  const addPath = localePath("accountAdvertisementAdd", locale);
  const sellHref = loggedIn
    ? addPath
    : `${localePath("account", locale)}?redirect=${encodeURIComponent(addPath)}`;
  return (
    <section className="container-page mt-16">
      <div className="flex flex-col items-start gap-5 rounded-2xl bg-ink px-6 py-8 text-white tablet:flex-row tablet:items-center tablet:justify-between tablet:px-10">
        <div className="max-w-2xl">
          <h2 className="font-serif text-2xl tablet:text-3xl">{t("product.homePage.sellTitle")}</h2>
          <p className="mt-2 text-white/75">{t("product.homePage.sellText")}</p>
        </div>
        <Link
          to={sellHref}
          className="shrink-0 rounded-lg bg-secondary px-6 py-3.5 font-semibold text-ink transition hover:bg-[#d4ad55] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
        >
          {t("product.homePage.sellCta")}
        </Link>
      </div>
    </section>
  );
}

/** The latest blog posts, when there are any. */
function BlogTeaser({ posts }: { posts: Route.ComponentProps["loaderData"]["posts"] }) {
  const { t, locale } = useTranslation();
  if (posts.length === 0) return null;
  return (
    <HomeSection
      id="blog"
      title={t("blog.teaserTitle")}
      link={{ to: localePath("blog", locale), label: t("blog.teaserAll") }}
      testId="home-blog"
    >
      <ul className="grid gap-6 tablet:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id}>
            <BlogCard post={post} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { topped, spotlight, ending, newest, featuredIds, posts, loggedIn, serverNow } = loaderData;
  const { t, locale } = useTranslation();

  return (
    <div className="pb-16" data-testid="home-page">
      <HomeHero spotlight={spotlight} serverNow={serverNow} />
      <PromoBanners />

      {topped.length > 0 ? (
        <HomeSection
          id="topped"
          title={t("product.homePage.topped")}
          hint={t("product.homePage.toppedHint")}
          testId="home-topped"
        >
          <ProductGrid products={topped} now={serverNow} />
        </HomeSection>
      ) : null}

      {ending.length > 0 ? (
        <HomeSection
          id="ending"
          title={t("product.homePage.ending")}
          hint={t("product.homePage.endingHint")}
          link={{ to: localePath("dailyAuctions", locale), label: t("product.homePage.endingAll") }}
          testId="home-ending"
        >
          <ProductGrid products={ending} now={serverNow} eager={0} />
        </HomeSection>
      ) : null}

      <HomeSection
        id="categories"
        title={t("product.homePage.categories")}
        hint={t("product.homePage.categoriesHint")}
        testId="home-categories"
      >
        <FeaturedCategories ids={featuredIds} />
      </HomeSection>

      {newest.length > 0 ? (
        <HomeSection
          id="newest"
          title={t("product.homePage.newest")}
          hint={t("product.homePage.newestHint")}
          link={{ to: localePath("newProducts", locale), label: t("product.homePage.newestAll") }}
          testId="home-newest"
        >
          <ProductGrid products={newest} now={serverNow} eager={0} />
        </HomeSection>
      ) : null}

      <SellBanner loggedIn={loggedIn} />
      <BlogTeaser posts={posts} />

      <div className="container-page">
        <LastViewed className="mt-14" />
      </div>
    </div>
  );
}
