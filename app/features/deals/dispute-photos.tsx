import { useTranslation } from "#app/i18n/use-translation.ts";
import { DISPUTE_PHOTOS_MAX, type DisputePhoto } from "#core/contracts/deals.ts";

/** The photos' picker of a dispute message (the form must be multipart). */
export function DisputePhotoInput({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3">
      <label className="block text-sm font-medium" htmlFor={id}>
        {t("dealPages.dispute.photos")}
      </label>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby={`${id}-hint`}
        data-max={DISPUTE_PHOTOS_MAX}
        className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-light file:px-3 file:py-2 file:font-semibold file:text-primary-dark"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t("dealPages.dispute.photosHint")}
      </p>
    </div>
  );
}

/**
 * A message's photos as thumbnails, each opening the full photo (served to the two sides and staff
 * only); where they were deleted (their retention ran out, or their author's account went: ADR
 * 0082), a line saying so instead.
 */
export function DisputePhotoList({
  photos,
  removed,
  who,
}: {
  photos: readonly DisputePhoto[] | undefined;
  removed?: "retention" | "erasure" | null;
  who: string;
}) {
  const { t } = useTranslation();
  if (removed && (!photos || photos.length === 0))
    return (
      <p className="mt-2 text-xs text-muted italic" data-testid="dispute-photos-removed">
        {t(`dealPages.dispute.photosRemoved.${removed}`)}
      </p>
    );
  if (!photos || photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" data-testid="dispute-photos">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={photo.url}
              alt={t("dealPages.dispute.photoAlt", { number: index + 1, who })}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="h-24 w-24 rounded-lg object-cover ring-1 ring-line"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
