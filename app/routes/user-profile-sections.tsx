import type { ReactNode } from "react";
import { Link } from "react-router";
import { ReportLink } from "#app/ui/report-link.tsx";
import { TrustBadgeList } from "#app/ui/trust-badges/trust-badges.tsx";
import type { TrustBadges } from "#core/contracts/trust-badges.ts";
import { formatRating } from "#core/formats/rating.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { ContactSeller } from "../features/listings/contact-seller.tsx";
import { RatingStars, ReviewHeading } from "../features/product/rating-stars.tsx";
import { ReportReview } from "../features/reviews/report-review.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { formatDate } from "../ui/dates-and-prices.ts";
import { avatarUrl } from "../ui/focus-and-avatar.ts";
import { ProductGrid } from "../ui/product-card/product-card.tsx";
import type { Route } from "./+types/user-profile";

/** The parts of the public seller page (user-profile.tsx): its header, reviews and listings. */

type ProfileData = Route.ComponentProps["loaderData"];
type Profile = ProfileData["profile"];
type Review = Profile["reviews"][number];

/** A rating with one decimal in the page's language: 4,3 / 4.3. */
function useRatingText() {
  const { locale } = useTranslation();
  return (value: number) => formatRating(value, locale);
}

/** The seller's picture, or the first letter of the name on the brand's colours. */
function ProfileAvatar({ profile }: { profile: Profile }) {
  if (profile.avatarFileName)
    return (
      <img
        src={avatarUrl(profile.avatarFileName)}
        alt=""
        width={80}
        height={80}
        className="size-16 rounded-full object-cover ring-2 ring-secondary tablet:size-20"
      />
    );
  return (
    <span
      className="grid size-16 shrink-0 place-items-center rounded-full bg-white/10 font-serif text-3xl tablet:size-20 tablet:text-4xl text-secondary ring-2 ring-secondary/60"
      aria-hidden="true"
    >
      {[...profile.username][0]?.toUpperCase()}
    </span>
  );
}

/** One figure of the header: rating, active listings, sold. */
function ProfileStat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white/10 px-3 py-3 text-center tablet:px-5">
      <dt className="text-[0.65rem] tracking-wide text-white/85 uppercase tablet:text-[0.7rem]">{label}</dt>
      {children}
    </div>
  );
}

/** The dark card: avatar, name, badge, member since, the way to write, and the three figures. */
export function ProfileHeader({
  profile,
  badges,
  contactable,
}: {
  profile: Profile;
  /** What was checked about the seller and when (issue 36, item 5). */
  badges: TrustBadges | null;
  contactable: boolean;
}) {
  const { t, locale } = useTranslation();
  const ratingText = useRatingText();
  return (
    <header className="flex flex-col gap-6 rounded-2xl bg-primary-dark p-6 text-white tablet:p-8 desktop:flex-row desktop:items-center">
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex items-center gap-5">
          <ProfileAvatar profile={profile} />
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
              {profile.verified ? null : <span>{t("product.profile.unverified")}</span>}
              <span data-testid="profile-member-since">
                {t("product.seller.memberSince", { date: formatDate(profile.memberSince, locale) })}
              </span>
            </div>
            <TrustBadgeList badges={badges} omit={["rating"]} tone="dark" className="mt-3" />
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
        <ProfileStat label={t("product.profile.rating")}>
          <dd className="mt-1 font-serif text-2xl text-[#e0bd6e]" data-testid="profile-rating">
            <a href="#reviews-title" className="hover:underline">
              {profile.ratingAverage === null ? "–" : ratingText(profile.ratingAverage)}
            </a>
          </dd>
        </ProfileStat>
        <ProfileStat label={t("product.profile.active")}>
          <dd className="mt-1 font-serif text-2xl" data-testid="profile-active">
            {profile.activeAdverts}
          </dd>
        </ProfileStat>
        <ProfileStat label={t("product.profile.sold")}>
          <dd className="mt-1 font-serif text-2xl">{profile.soldCount}</dd>
        </ProfileStat>
      </dl>
    </header>
  );
}

/** The average, the count, and how the stars spread from 5 down to 1. */
function RatingSummary({ profile, average }: { profile: Profile; average: number }) {
  const { t, locale } = useTranslation();
  const ratingText = useRatingText();
  return (
    <div className="mt-4 rounded-2xl bg-white p-5 ring-1 ring-line">
      <div className="flex items-center gap-4">
        <p className="font-serif text-5xl text-primary-dark">{ratingText(average)}</p>
        <div>
          <RatingStars value={average} size="size-5" />
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
                <span className="block h-full rounded-full bg-secondary" style={{ width: `${share}%` }} />
              </span>
              <span className="w-6 shrink-0 text-right tabular-nums">{count}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One review: stars and date, the comment, its author and product, the report button, the seller's reply. */
function ProfileReview({ review, sellerName }: { review: Review; sellerName: string }) {
  const { t, locale } = useTranslation();
  return (
    <li className="rounded-2xl bg-white p-5 ring-1 ring-line" data-testid="review">
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
        <ReportLink
          kind="review"
          id={review.id}
          className="ml-3 text-xs text-muted underline hover:text-primary-dark"
        />
      </div>
      {review.reply ? (
        <div className="mt-3 rounded-xl bg-light p-3 text-sm ring-1 ring-line" data-testid="review-reply">
          <p className="text-xs font-semibold text-primary-dark">
            {t("product.profile.reply", { name: sellerName })}
          </p>
          <p className="mt-1 leading-relaxed">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

/** The reviews column: the summary (or that there are none yet) and the reviews themselves. */
export function ProfileReviews({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reviews-title" data-testid="profile-reviews">
      <h2 id="reviews-title" className="font-serif text-2xl text-primary-dark">
        {t("product.profile.reviews")}
      </h2>
      {profile.ratingCount > 0 && profile.ratingAverage !== null ? (
        <RatingSummary profile={profile} average={profile.ratingAverage} />
      ) : (
        <p className="mt-4 rounded-2xl bg-white p-5 text-sm text-muted ring-1 ring-line">
          {t("product.profile.noReviews")}
        </p>
      )}
      {profile.reviews.length > 0 ? (
        <ol className="mt-5 flex flex-col gap-4">
          {profile.reviews.map((review) => (
            <ProfileReview key={review.id} review={review} sellerName={profile.username} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The seller's live listings, a page of cards at a time, with page links. */
export function ProfileListings({
  products,
  serverNow,
  pageUrl,
}: {
  products: ProfileData["products"];
  serverNow: string;
  pageUrl: (page: number) => string;
}) {
  const { t, locale } = useTranslation();
  return (
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
  );
}
