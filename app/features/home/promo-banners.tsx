import { useTranslation } from "#app/i18n/use-translation.ts";
import { BannerLink, bannerImageUrl } from "#app/ui/banner-link.tsx";
import { useShell } from "#app/ui/feedback/use-shell.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";

/** The promo banners (`banner.promo`, per language) as a row of linked pictures. */
export function PromoBanners() {
  const { t } = useTranslation();
  const banners = useShell()?.banners["banner.promo"] ?? [];
  if (banners.length === 0) return null;
  return (
    <section
      aria-label={t("product.homePage.promos")}
      className="container-page mt-8"
      data-testid="home-promos"
    >
      <ul className={`grid gap-4 ${banners.length > 1 ? "desktop:grid-cols-2" : ""}`}>
        {banners.slice(0, 4).map((banner) => (
          <li key={banner.id}>
            <BannerLink
              url={banner.url}
              className="block overflow-hidden rounded-2xl ring-1 ring-line transition hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
            >
              <ResponsiveImage
                src={bannerImageUrl(banner)}
                alt={banner.title}
                width={1200}
                height={200}
                // Two per row from desktop when there are several, else the container's width.
                sizes={
                  banners.length > 1
                    ? "(min-width: 1580px) 771px, (min-width: 1260px) 591px, (min-width: 1028px) 495px, calc(100vw - 36px)"
                    : "(min-width: 1580px) 1560px, (min-width: 1260px) 1200px, (min-width: 1028px) 1008px, calc(100vw - 36px)"
                }
                className="block h-24 w-full object-cover object-left tablet:h-auto"
              />
            </BannerLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
