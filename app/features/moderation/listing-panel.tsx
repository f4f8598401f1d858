import { useTranslation } from "#app/i18n/use-translation.ts";
import { StatusBadge } from "#app/ui/listing-labels.tsx";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import { formatPrice } from "#core/money/money.ts";
import { variantSrc } from "#core/web/image-variants.ts";

export type ListingPanelData = {
  id: number;
  name: string;
  description: string | null;
  status: ProductStatus;
  priceMinor: number | null;
  categoryName: string;
  images: string[];
  href: string | null;
};

/** A listing as the moderator reviews it: its state, price, category, description and every photo. */
export function ListingPanel({ listing }: { listing: ListingPanelData }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="listing-title"
      className="rounded-xl border border-line bg-white p-5"
      data-testid="listing-panel"
    >
      <h2 id="listing-title" className="mb-3 font-serif text-xl text-primary-dark">
        {listing.name}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("adminModeration.listing.status")}</dt>
        <dd>
          <StatusBadge status={listing.status} />
        </dd>
        <dt className="font-semibold">{t("adminModeration.listing.price")}</dt>
        <dd>{listing.priceMinor === null ? "–" : formatPrice(listing.priceMinor, null)}</dd>
        <dt className="font-semibold">{t("adminModeration.queue.category")}</dt>
        <dd>{listing.categoryName}</dd>
      </dl>
      {listing.href ? (
        <a
          className="mt-2 inline-block text-primary-dark underline"
          href={listing.href}
          target="_blank"
          rel="noreferrer"
        >
          {t("adminModeration.listing.view")}
        </a>
      ) : null}
      <h3 className="mt-4 font-semibold">{t("adminModeration.listing.description")}</h3>
      <p className="whitespace-pre-line">{listing.description}</p>
      <h3 className="mt-4 font-semibold">{t("adminModeration.listing.photos")}</h3>
      {listing.images.length === 0 ? (
        <p className="text-muted">{t("adminModeration.listing.noPhotos")}</p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-3 tablet:grid-cols-4">
          {listing.images.map((src, index) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img
                  src={variantSrc(src, 320)}
                  alt={`${listing.name} (${index + 1}/${listing.images.length})`}
                  className="aspect-square w-full rounded object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
