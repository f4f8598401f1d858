import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Countdown } from "#app/ui/countdown.tsx";
import { usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";

/** The auction closest to its end, as a lit showcase beside the hero text. */
function Spotlight({ product, serverNow }: { product: ProductCardData; serverNow: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  return (
    <Link
      to={product.url}
      className="group relative flex overflow-hidden rounded-2xl bg-white/95 text-ink shadow-2xl shadow-black/30 ring-1 ring-white/20 transition hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-secondary flex-row tablet:max-w-2xl desktop:max-w-none desktop:flex-col"
      data-testid="home-spotlight"
    >
      <div className="relative grid w-2/5 shrink-0 place-items-center bg-gradient-to-b from-light to-[#efe6d6] desktop:aspect-[4/3] desktop:w-full">
        {product.image ? (
          <ResponsiveImage
            src={product.image.src}
            alt={product.image.alt}
            width={400}
            height={560}
            // Drawn at its max height (11, 14, 18rem of 18 px) times the bottle's 400:560 shape.
            sizes="(min-width: 1028px) 242px, (min-width: 768px) 187px, 141px"
            widths={[160, 320, 480, 640]}
            priority
            className="h-full max-h-44 w-auto object-contain p-3 transition duration-500 group-hover:scale-[1.03] tablet:max-h-56 desktop:max-h-72 desktop:p-4"
          />
        ) : null}
        <span className="absolute top-2 left-2 rounded-full bg-ink px-2.5 py-1 text-[0.6rem] font-bold tracking-[0.15em] text-secondary uppercase desktop:top-3 desktop:left-3 desktop:px-3 desktop:text-[0.7rem]">
          {t("product.homePage.spotlight")}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 desktop:p-5">
        <p className="font-serif text-lg leading-snug group-hover:text-primary-dark desktop:text-xl">
          {product.name}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-t border-line pt-3">
          <div>
            <p className="text-xs text-muted">{t("product.homePage.spotlightBids")}</p>
            <p className="font-serif text-2xl text-primary-dark">
              {product.priceMinor === null ? t("common.byAgreement") : price(product.priceMinor)}
            </p>
            <p className="text-xs text-muted">
              {product.bidCount > 0
                ? t(pluralKey(locale, "product.auction.bids", product.bidCount), { count: product.bidCount })
                : t("product.auction.noBids")}
            </p>
          </div>
          {product.endsAt ? (
            <div className="desktop:text-right">
              <p className="text-xs text-muted">{t("product.homePage.endsIn")}</p>
              <p className="text-lg font-semibold">
                <Countdown endsAt={product.endsAt} serverNow={serverNow} />
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </Link>
  );
}

function TrustIcon({ kind }: { kind: "verified" | "auction" | "delivery" }) {
  const common = {
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.6,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
  };
  return (
    <svg viewBox="0 0 24 24" className="size-6 text-secondary" aria-hidden="true" {...common}>
      {kind === "verified" ? (
        <>
          <path d="M12 3l7 3v5c0 4.5-3 8.2-7 10-4-1.8-7-5.5-7-10V6z" />
          <path d="M8.8 12.2l2.2 2.2 4.2-4.4" />
        </>
      ) : kind === "auction" ? (
        <>
          <path d="M14 4l6 6M12.5 5.5l6 6M9 9l6 6M4 20l7-7" />
          <path d="M3 21h8" />
        </>
      ) : (
        <>
          <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7" />
          <circle cx="7" cy="17.5" r="1.8" />
          <circle cx="17" cy="17.5" r="1.8" />
        </>
      )}
    </svg>
  );
}

/**
 * Decorative: soft gold light and fine lines, like a label's guilloche. The two lights are radial
 * gradients, not blurred circles: a 64 px blur over half the hero had to be painted before the
 * first frame, which held the home page's first paint (Lighthouse: 315 ms of "element render
 * delay" for the heading); each box is the old circle plus the blur's reach, fading over it.
 */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div className="absolute -top-72 -right-64 size-[52rem] bg-[radial-gradient(circle_closest-side,var(--color-secondary)_54%,transparent_85%)] opacity-20" />
      <div className="absolute -bottom-80 -left-56 size-[44rem] bg-[radial-gradient(circle_closest-side,var(--color-primary)_45%,transparent_82%)] opacity-30" />
      <svg
        aria-hidden="true"
        className="absolute inset-0 size-full opacity-[0.07]"
        preserveAspectRatio="none"
        viewBox="0 0 100 100"
      >
        {Array.from({ length: 14 }, (_, i) => (
          <path
            key={i}
            d={`M0 ${20 + i * 5} Q 50 ${5 + i * 5} 100 ${22 + i * 5}`}
            fill="none"
            stroke="#c39a3f"
            strokeWidth="0.15"
          />
        ))}
      </svg>
    </div>
  );
}

/** Who we are, in a line and a lead, and the way to the two auction lists. */
function HeroIntro() {
  const { t, locale } = useTranslation();
  return (
    <div className="max-w-3xl">
      <p className="text-xs font-semibold tracking-[0.25em] text-[#e0bd6e] uppercase">
        {t("product.homePage.kicker")}
      </p>
      <h1 className="mt-4 font-serif text-4xl leading-[1.1] tablet:text-5xl desktop:text-6xl">
        {t("product.homePage.title")}
      </h1>
      <p
        className="mt-5 max-w-2xl text-lg leading-relaxed text-white/85 tablet:text-xl"
        data-testid="free-delivery"
      >
        {t("product.homePage.lead")}
      </p>
      <div className="mt-8 grid grid-cols-2 gap-3 tablet:flex tablet:flex-wrap">
        <Link
          to={localePath("dailyAuctions", locale)}
          className="inline-flex items-center justify-center rounded-lg bg-secondary px-4 py-3.5 text-center font-semibold tablet:px-6 text-ink shadow-lg shadow-black/20 transition hover:bg-[#d4ad55] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
        >
          {t("product.homePage.ctaDaily")}
        </Link>
        <Link
          to={localePath("monthlyAuctions", locale)}
          className="inline-flex items-center justify-center rounded-lg px-4 py-3.5 text-center font-semibold text-white tablet:px-6 ring-1 ring-white/40 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
        >
          {t("product.homePage.ctaMonthly")}
        </Link>
      </div>
    </div>
  );
}

/** Why to trust us: verified sellers, fair auctions, insured delivery. */
function TrustPoints() {
  const { t } = useTranslation();
  const trust = [
    {
      kind: "verified" as const,
      title: t("product.homePage.trustVerified"),
      text: t("product.homePage.trustVerifiedText"),
    },
    {
      kind: "auction" as const,
      title: t("product.homePage.trustAuction"),
      text: t("product.homePage.trustAuctionText"),
    },
    {
      kind: "delivery" as const,
      title: t("product.homePage.trustDelivery"),
      text: t("product.homePage.trustDeliveryText"),
    },
  ];
  return (
    <ul className="mt-12 grid gap-4 border-t border-white/15 pt-8 tablet:grid-cols-3 tablet:gap-8">
      {trust.map((item) => (
        <li key={item.kind} className="flex gap-3">
          <span className="mt-0.5 shrink-0">
            <TrustIcon kind={item.kind} />
          </span>
          <span>
            <span className="block font-semibold">{item.title}</span>
            <span className="mt-1 block text-sm leading-relaxed text-white/70">{item.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The shop window's first screen: who we are, the two auction lists, and why to trust us. */
export function HomeHero({ spotlight, serverNow }: { spotlight: ProductCardData | null; serverNow: string }) {
  return (
    <section className="relative overflow-hidden bg-primary-dark text-white" data-testid="home-hero">
      <HeroBackdrop />
      <div className="container-page relative py-12 tablet:py-16 desktop:py-16">
        <div className="grid items-center gap-10 desktop:grid-cols-[minmax(0,7fr)_minmax(0,4fr)] desktop:gap-14">
          <HeroIntro />
          {spotlight ? <Spotlight product={spotlight} serverNow={serverNow} /> : null}
        </div>
        <TrustPoints />
      </div>
    </section>
  );
}
