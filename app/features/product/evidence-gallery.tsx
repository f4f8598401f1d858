import { useTranslation } from "#app/i18n/use-translation.ts";
import { FillLevelDrawing } from "#app/ui/fill-level/fill-level-drawing.tsx";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { ListingEvidenceView } from "#core/contracts/listing-evidence.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { GalleryImage } from "./gallery.tsx";

/**
 * "Důkazy pravosti" on the product page (issue 36, item 3): the seller's evidence of authenticity
 * as a gallery of its own, each photo under its slot's name, the fill level with its drawing, and
 * the way to report a suspected fake (the notice form with that reason picked).
 */
export function EvidenceGallery({
  evidence,
  productId,
}: {
  evidence: ListingEvidenceView;
  productId: number;
}) {
  const { t, locale } = useTranslation();
  const report = `${localePath("report", locale)}?kind=listing&id=${productId}&reason=suspected_fake`;
  return (
    <section aria-labelledby="evidence-title" className="mt-12" data-testid="evidence-gallery">
      <h2 id="evidence-title" className="font-serif text-2xl text-primary-dark">
        {t("listingEvidence.gallery.title")}
      </h2>
      <p className="mt-1 text-muted">{t("listingEvidence.gallery.lead")}</p>
      <ul className="mt-5 grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-4">
        {evidence.fillLevel ? (
          <li
            className="flex flex-col items-center justify-center gap-2 rounded-lg border border-line bg-white p-4 text-center"
            data-testid="evidence-fill-level"
            data-level={evidence.fillLevel}
          >
            <FillLevelDrawing level={evidence.fillLevel} className="h-28 w-14" />
            <span className="text-sm text-muted">{t("listingEvidence.gallery.fillLevel")}</span>
            <strong className="font-semibold">{t(`listingEvidence.fillLevel.${evidence.fillLevel}`)}</strong>
          </li>
        ) : null}
        {evidence.photos.map((photo) => {
          const label = t(`listingEvidence.slot.${photo.slot}`);
          return (
            <li key={photo.slot} data-testid={`evidence-photo-${photo.slot}`}>
              <figure className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-white">
                <a
                  href={photo.url}
                  target="_blank"
                  rel="noopener"
                  aria-label={t("listingEvidence.gallery.open", { slot: label })}
                  className="block bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
                >
                  <ResponsiveImage
                    src={photo.url}
                    alt={label}
                    width={photo.width ?? 400}
                    height={photo.height ?? 560}
                    widths={[320, 640]}
                    sizes="(min-width: 1028px) 280px, (min-width: 768px) 30vw, 45vw"
                    className="aspect-square w-full object-contain p-2"
                  />
                </a>
                <figcaption className="border-t border-line px-3 py-2 text-sm font-semibold">
                  {label}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm">
        <a
          href={report}
          rel="nofollow"
          className="text-primary-dark underline underline-offset-4"
          data-testid="evidence-report"
        >
          {t("listingEvidence.gallery.report")}
        </a>
      </p>
    </section>
  );
}

/** The product's photos but the evidence's (they show in their own gallery), unless none would be left. */
export function withoutEvidence(
  images: GalleryImage[],
  evidence: ListingEvidenceView | null,
): GalleryImage[] {
  if (!evidence) return images;
  const inSlots = new Set(evidence.photos.map((photo) => photo.url));
  const others = images.filter((image) => !inSlots.has(image.url));
  return others.length > 0 ? others : images;
}
