import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { BlogCard } from "#app/features/home/blog-card.tsx";
import { Breadcrumbs } from "#app/features/product/product-info.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { RichText } from "#app/ui/rich-text.tsx";
import { parsePathId, withSearch } from "#app/ui/seo/canonical.ts";
import { articleJsonLd, breadcrumbJsonLd } from "#app/ui/seo/json-ld.ts";
import { seoMeta } from "#app/ui/seo/meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/article";

/** A blog article /blog/{id}/{slug}: published ones only; a wrong slug answers 301 to the right one. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, locale, config } = context.get(appContext);
  const id = parsePathId(params.id);
  const post = id ? await services.blog.post(id, locale) : null;
  if (!post) throw data(null, { status: 404 });
  if (post.slug !== params.slug) throw redirect(withSearch(post.url, request), 301);
  return { post, locale, origin: config.publicUrl };
}

/** Slugs differ by language: the language switcher takes the article's own paths (no 301 hop). */
export const handle = {
  alternates: (loaderData: Awaited<ReturnType<typeof loader>> | undefined) => loaderData?.post.paths,
};

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post, locale, origin } = loaderData;
  const blog = translate(locale, "blog.title");
  return seoMeta({
    origin,
    locale,
    title: post.title,
    description: post.perex || post.title,
    path: post.url,
    alternates: post.paths,
    image: post.image,
    imageAlt: post.title,
    type: "article",
    jsonLd: [
      articleJsonLd(origin, {
        title: post.title,
        description: post.perex,
        path: post.url,
        image: post.image,
        authorName: post.authorName,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt,
        locale,
      }),
      breadcrumbJsonLd(origin, [
        { name: translate(locale, "product.home"), path: localePath("home", locale) },
        { name: blog, path: localePath("blog", locale) },
        { name: post.title, path: post.url },
      ]),
    ],
  });
}

type Post = Route.ComponentProps["loaderData"]["post"];

/** The article's head: its category, title, perex, author and date. */
function ArticleHeader({ post }: { post: Post }) {
  const { locale } = useTranslation();
  const blogPath = localePath("blog", locale);
  return (
    <header className="container-page mt-8 text-center">
      <div className="mx-auto max-w-3xl">
        {post.category ? (
          <Link
            to={`${blogPath}?kategorie=${post.category.id}`}
            className="text-xs font-semibold tracking-[0.2em] text-[#7d6224] uppercase hover:underline"
          >
            {post.category.name}
          </Link>
        ) : null}
        <h1
          className="mt-3 font-serif text-4xl leading-tight text-ink tablet:text-5xl"
          data-testid="article-title"
        >
          {post.title}
        </h1>
        {post.perex ? (
          <p className="mt-5 text-lg leading-relaxed text-muted tablet:text-xl">{post.perex}</p>
        ) : null}
        <p className="mt-5 text-sm text-muted">
          {post.authorName ? (
            <>
              <span className="font-medium text-ink">{post.authorName}</span>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <time dateTime={post.publishedAt} data-testid="article-date">
            {formatDate(post.publishedAt, locale)}
          </time>
        </p>
      </div>
    </header>
  );
}

/** The other articles the editors linked to this one. */
function RelatedArticles({ related }: { related: Post["related"] }) {
  const { t } = useTranslation();
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="container-page mt-16">
      <h2 id="related-title" className="font-serif text-2xl text-primary-dark">
        {t("blog.related")}
      </h2>
      <ul className="mt-5 grid gap-6 tablet:grid-cols-2 desktop:grid-cols-3">
        {related.map((item) => (
          <li key={item.id}>
            <BlogCard post={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const { t, locale } = useTranslation();
  const blogPath = localePath("blog", locale);
  return (
    <div className="pb-16" data-testid="blog-article">
      <div className="container-page pt-6">
        <Breadcrumbs
          items={[
            { name: t("product.home"), url: localePath("home", locale) },
            { name: t("blog.title"), url: blogPath },
            ...(post.category
              ? [{ name: post.category.name, url: `${blogPath}?kategorie=${post.category.id}` }]
              : []),
          ]}
          current={post.title}
        />
      </div>
      <article>
        <ArticleHeader post={post} />
        {post.image ? (
          <div className="container-page mt-8">
            <ResponsiveImage
              src={post.image}
              alt=""
              width={1200}
              height={675}
              // The container, at most max-w-5xl (64rem of 18 px).
              sizes="(min-width: 1260px) 1152px, (min-width: 1028px) 1008px, calc(100vw - 36px)"
              priority
              className="mx-auto aspect-[16/9] w-full max-w-5xl rounded-2xl object-cover ring-1 ring-line"
              data-testid="article-cover"
            />
          </div>
        ) : null}
        <div className="container-page" data-testid="article-body">
          <RichText source={post.body} className="mx-auto mt-10 max-w-[68ch] text-lg" />
          <footer className="mx-auto mt-10 max-w-[68ch]">
            <Link to={blogPath} className="text-sm font-medium text-primary-dark hover:underline">
              ← {t("blog.back")}
            </Link>
          </footer>
        </div>
      </article>
      <RelatedArticles related={post.related} />
    </div>
  );
}
