import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { TrustBadgeList } from "#app/ui/trust-badges/trust-badges.tsx";
import type { ProductDetailSeller } from "#core/contracts/product.ts";
import { formatRating } from "#core/formats/rating.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { RatingStars } from "./rating-stars.tsx";

export function VerifiedBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-[#1f5c44] ring-1 ring-success/25 ${className}`}
      data-testid="verified-badge"
    >
      <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true" fill="currentColor">
        <path d="M10 1.5l2.1 1.6 2.6-.2.8 2.5 2.2 1.4-.9 2.5.9 2.5-2.2 1.4-.8 2.5-2.6-.2L10 18.5l-2.1-1.6-2.6.2-.8-2.5-2.2-1.4.9-2.5-.9-2.5 2.2-1.4.8-2.5 2.6.2z" />
        <path
          d="M6.5 10.2l2.3 2.3 4.7-4.8"
          fill="none"
          stroke="white"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t("product.seller.verified")}
    </span>
  );
}

/** The rating in stars and words: "4,7 z 5 · 6 hodnocení", or "no rating yet". */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const { t, locale } = useTranslation();
  if (average === null || count === 0)
    return (
      <span className="text-sm text-muted" data-testid="rating">
        {t("product.seller.noRating")}
      </span>
    );
  const shown = formatRating(average, locale);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="rating">
      <RatingStars value={average} />
      <span>
        <strong className="font-semibold">{t("product.seller.ratingValue", { average: shown })}</strong>
        <span className="text-muted">
          {" "}
          · {t(pluralKey(locale, "product.seller.ratings", count), { count })}
        </span>
      </span>
    </span>
  );
}

/** Who sells: the user's name (to their profile), badge, rating and live adverts; or the operator's shop. */
export function SellerCard({ seller }: { seller: ProductDetailSeller | null }) {
  const { t, locale } = useTranslation();
  if (!seller) {
    return (
      <section
        aria-labelledby="seller-title"
        className="rounded-2xl bg-white p-5 ring-1 ring-line"
        data-testid="seller-card"
      >
        <h2 id="seller-title" className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
          {t("product.seller.title")}
        </h2>
        <div className="mt-3 flex items-center gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary-dark font-serif text-xl text-secondary">
            R
          </span>
          <div>
            <p className="font-semibold text-ink">{t("product.seller.shopName")}</p>
            <VerifiedBadge className="mt-1" />
          </div>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-muted">{t("product.seller.shopText")}</p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="seller-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-line"
      data-testid="seller-card"
    >
      <h2 id="seller-title" className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        {t("product.seller.title")}
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <span
          className="grid size-12 shrink-0 place-items-center rounded-full bg-light font-serif text-xl text-primary-dark ring-1 ring-line"
          aria-hidden="true"
        >
          {[...seller.username][0]?.toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={seller.profileUrl}
              className="truncate font-semibold text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary-dark"
              data-testid="seller-link"
            >
              {seller.username}
            </Link>
          </div>
          <p className="mt-0.5 text-xs text-muted">
            {t("product.seller.memberSince", { date: formatDate(seller.memberSince, locale) })}
          </p>
          <TrustBadgeList badges={seller.badges} omit={["rating"]} className="mt-2" />
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 border-t border-line pt-4">
        <RatingSummary average={seller.ratingAverage} count={seller.ratingCount} />
        <Link
          to={seller.profileUrl}
          className="text-sm text-ink hover:text-primary-dark hover:underline"
          data-testid="seller-adverts"
        >
          {t(pluralKey(locale, "product.seller.adverts", seller.activeAdverts), {
            count: seller.activeAdverts,
          })}
        </Link>
      </div>
    </section>
  );
}
