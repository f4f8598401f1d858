import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { BlogCard } from "#app/features/home/blog-card.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { feedLink } from "#app/ui/seo/feed-link.ts";
import { breadcrumbJsonLd } from "#app/ui/seo/json-ld.ts";
import { seoMeta } from "#app/ui/seo/meta.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { feedPath } from "#core/web/feed-paths.ts";
import type { Route } from "./+types/index";

/** Query parameters (the same in both languages, so the language switcher keeps the filter). */
const CATEGORY_PARAM = "kategorie";
const PAGE_PARAM = "strana";

function blogUrl(locale: Locale, categoryId: number | null, page = 1): string {
  const params = new URLSearchParams();
  if (categoryId) params.set(CATEGORY_PARAM, String(categoryId));
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return `${localePath("blog", locale)}${query ? `?${query}` : ""}`;
}

function positiveInt(value: string | null): number | null | "invalid" {
  if (value === null || value === "") return null;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : "invalid";
}

/** The blog (magazine): published articles newest first, a category filter and pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale, config } = context.get(appContext);
  const url = new URL(request.url);
  const category = positiveInt(url.searchParams.get(CATEGORY_PARAM));
  const page = positiveInt(url.searchParams.get(PAGE_PARAM));
  if (category === "invalid" || page === "invalid") throw data(null, { status: 404 });
  // ?strana=1 is the first page: one URL per page.
  if (page === 1) throw redirect(blogUrl(locale, category), 301);

  const [categories, list] = await Promise.all([
    services.cms.blogCategories(locale),
    services.blog.listPosts({ locale, categoryId: category, page: page ?? 1 }),
  ]);
  const current = category ? (categories.find((item) => item.id === category) ?? null) : null;
  if (category && !current) throw data(null, { status: 404 });
  if (list.page > list.pageCount) throw data(null, { status: 404 });

  return {
    locale,
    origin: config.publicUrl,
    categories: categories.filter((item) => item.posts_count > 0),
    category: current,
    list,
    canonical: blogUrl(locale, category, list.page),
    alternates: { cs: blogUrl("cs", category, list.page), en: blogUrl("en", category, list.page) },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { locale, origin, category, list, canonical, alternates } = loaderData;
  const base = translate(locale, "blog.title");
  const parts = [category ? `${category.name} – ${base}` : base];
  if (list.page > 1) parts.push(translate(locale, "blog.pageTitle", { page: list.page }));
  const tags = seoMeta({
    origin,
    locale,
    title: parts.join(", "),
    description: category
      ? translate(locale, "blog.categoryDescription", { name: category.name })
      : translate(locale, "blog.description"),
    path: canonical,
    alternates,
    image: list.items[0]?.image ?? null,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: translate(locale, "product.home"), path: localePath("home", locale) },
        { name: base, path: localePath("blog", locale) },
        ...(category ? [{ name: category.name, path: canonical }] : []),
      ]),
    ],
  });
  // The whole blog's feed, whichever category the page shows (docs/product/visitor-basics.md, "Feeds").
  return [...tags, feedLink(origin, locale, feedPath("blog", locale), base)];
}

type BlogIndexData = Route.ComponentProps["loaderData"];

/** The blog's categories as chips, "all" first; the current one is marked. */
function BlogCategoryChips({
  categories,
  currentId,
}: {
  categories: BlogIndexData["categories"];
  currentId: number | null;
}) {
  const { t, locale } = useTranslation();
  return (
    <nav aria-label={t("blog.categories")} className="mt-8" data-testid="blog-categories">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={blogUrl(locale, null)}
            aria-current={currentId === null ? "page" : undefined}
            className={chip(currentId === null)}
          >
            {t("blog.allCategories")}
          </Link>
        </li>
        {categories.map((item) => (
          <li key={item.id}>
            <Link
              to={blogUrl(locale, item.id)}
              aria-current={currentId === item.id ? "page" : undefined}
              className={chip(currentId === item.id)}
              data-testid="blog-category"
            >
              {item.name}
              <span className="ml-1.5 text-xs opacity-70">{item.posts_count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous, every page by number, next; within the chosen category. */
function BlogPagination({ list, categoryId }: { list: BlogIndexData["list"]; categoryId: number | null }) {
  const { t, locale } = useTranslation();
  return (
    <nav
      aria-label={t("blog.pagination")}
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
      data-testid="blog-pagination"
    >
      {list.page > 1 ? (
        <Link to={blogUrl(locale, categoryId, list.page - 1)} rel="prev" className={pageLink(false)}>
          ← {t("blog.previous")}
        </Link>
      ) : null}
      {Array.from({ length: list.pageCount }, (_, index) => index + 1).map((number) => (
        <Link
          key={number}
          to={blogUrl(locale, categoryId, number)}
          aria-current={number === list.page ? "page" : undefined}
          aria-label={t("blog.pageLabel", { page: number })}
          className={pageLink(number === list.page)}
        >
          {number}
        </Link>
      ))}
      {list.page < list.pageCount ? (
        <Link to={blogUrl(locale, categoryId, list.page + 1)} rel="next" className={pageLink(false)}>
          {t("blog.next")} →
        </Link>
      ) : null}
    </nav>
  );
}

/** The page's articles: on the first page of all categories the newest one is featured, wide. */
function BlogPosts({ list, inCategory }: { list: BlogIndexData["list"]; inCategory: boolean }) {
  const { t } = useTranslation();
  if (list.items.length === 0)
    return (
      <p className="mt-10 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-line">
        {t("blog.empty")}
      </p>
    );
  const [featured, ...rest] = list.items;
  const showFeatured = list.page === 1 && !inCategory && featured;
  const cards = showFeatured ? rest : list.items;
  return (
    <>
      {showFeatured ? (
        <div className="mt-8">
          <BlogCard post={featured} featured headingLevel={2} />
        </div>
      ) : null}
      {cards.length > 0 ? (
        <ul className="mt-6 grid gap-6 tablet:grid-cols-2 desktop:grid-cols-3">
          {cards.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { categories, category, list } = loaderData;
  const { t } = useTranslation();

  return (
    <div className="container-page pt-8 pb-16" data-testid="blog-index">
      <header className="max-w-3xl">
        <p className="text-xs font-semibold tracking-[0.2em] text-[#7d6224] uppercase">{t("blog.kicker")}</p>
        <h1 className="mt-2 font-serif text-4xl text-primary-dark tablet:text-5xl">
          {category ? category.name : t("blog.title")}
        </h1>
        <p className="mt-3 text-lg leading-relaxed text-muted">{t("blog.intro")}</p>
      </header>
      {categories.length > 0 ? (
        <BlogCategoryChips categories={categories} currentId={category?.id ?? null} />
      ) : null}
      <BlogPosts list={list} inCategory={Boolean(category)} />
      {list.pageCount > 1 ? <BlogPagination list={list} categoryId={category?.id ?? null} /> : null}
    </div>
  );
}

function chip(active: boolean) {
  return `inline-flex items-center rounded-full px-4 py-2 text-sm font-medium ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${
    active
      ? "bg-primary-dark text-white ring-primary-dark"
      : "bg-white text-ink ring-line hover:ring-primary-dark"
  }`;
}

function pageLink(active: boolean) {
  return `inline-flex min-w-11 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${
    active
      ? "bg-primary-dark text-white ring-primary-dark"
      : "bg-white text-ink ring-line hover:ring-primary-dark"
  }`;
}
