import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";

export type BlogCardData = {
  id: number;
  title: string;
  perex: string;
  image: string | null;
  authorName: string | null;
  publishedAt: string;
  category: { id: number; name: string } | null;
  url: string;
};

/**
 * The cover's drawn width: a third of the container from desktop (blog and home grids), half on
 * tablets (the blog's two columns; the home's three get a little more than needed), the full width
 * on phones. A featured card's cover takes half the container from tablets.
 */
const CARD_SIZES =
  "(min-width: 1580px) 502px, (min-width: 1260px) 382px, (min-width: 1028px) 318px, (min-width: 768px) calc((100vw - 63px) / 2), calc(100vw - 36px)";
const FEATURED_SIZES =
  "(min-width: 1580px) 780px, (min-width: 1260px) 600px, (min-width: 1028px) 504px, (min-width: 768px) calc((100vw - 36px) / 2), calc(100vw - 36px)";

/** An article teaser: cover, category, title, perex, date. `featured` lays it out wide. */
export function BlogCard({
  post,
  featured = false,
  headingLevel = 3,
}: {
  post: BlogCardData;
  featured?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { locale } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-line transition hover:shadow-lg hover:ring-primary/40 ${
        featured ? "tablet:grid tablet:grid-cols-2" : ""
      }`}
      data-testid="blog-card"
    >
      <div
        className={`overflow-hidden bg-primary-dark ${featured ? "aspect-[16/9] tablet:aspect-auto tablet:h-full" : "aspect-[16/9]"}`}
      >
        {post.image ? (
          <ResponsiveImage
            src={post.image}
            alt=""
            width={800}
            height={450}
            sizes={featured ? FEATURED_SIZES : CARD_SIZES}
            priority={featured}
            className="size-full object-cover transition duration-500 group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <div className={`flex flex-1 flex-col gap-3 p-5 ${featured ? "tablet:justify-center tablet:p-8" : ""}`}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium tracking-wide text-muted uppercase">
          {post.category ? <span className="text-[#7d6224]">{post.category.name}</span> : null}
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time>
        </p>
        <Heading
          className={`font-serif leading-snug text-ink group-hover:text-primary-dark ${featured ? "text-2xl tablet:text-3xl" : "text-xl"}`}
        >
          <Link
            to={post.url}
            className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
          >
            {post.title}
          </Link>
        </Heading>
        <p className={`text-sm leading-relaxed text-muted ${featured ? "tablet:text-base" : "line-clamp-3"}`}>
          {post.perex}
        </p>
        {post.authorName ? <p className="mt-auto pt-2 text-xs text-muted">{post.authorName}</p> : null}
      </div>
    </article>
  );
}
