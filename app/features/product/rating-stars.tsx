import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";

/**
 * Five stars filled to the rating (halves and tenths shown as a partial fill). Decorative: the
 * caller puts the rating in words next to it or passes `label`.
 */
export function RatingStars({
  value,
  size = "size-4",
  label,
}: {
  value: number;
  size?: string;
  label?: string;
}) {
  const id = `stars${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const clamped = Math.max(0, Math.min(5, value));
  return (
    <span
      className="inline-flex items-center gap-0.5 text-secondary"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, clamped - index));
        const gradient = `${id}-star-${index}`;
        return (
          <svg key={index} viewBox="0 0 20 20" className={size} aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id={gradient}>
                <stop offset={`${fill * 100}%`} stopColor="currentColor" />
                <stop offset={`${fill * 100}%`} stopColor="currentColor" stopOpacity="0.18" />
              </linearGradient>
            </defs>
            <path
              d="M10 1.6l2.55 5.3 5.8.8-4.23 4.04 1.03 5.76L10 14.74 4.85 17.5l1.03-5.76L1.65 7.7l5.8-.8z"
              fill={`url(#${gradient})`}
              stroke="currentColor"
              strokeWidth="0.8"
              strokeLinejoin="round"
            />
          </svg>
        );
      })}
    </span>
  );
}

/** A review's first line: its stars (read out as "n z 5 hvězdiček") and its date on the right. */
export function ReviewHeading({ stars, createdAt }: { stars: number; createdAt: string }) {
  const { t, locale } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <RatingStars value={stars} label={t("product.profile.stars", { count: stars })} />
      <time className="text-xs text-muted" dateTime={createdAt}>
        {formatDate(createdAt, locale)}
      </time>
    </div>
  );
}
