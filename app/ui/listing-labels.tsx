import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AuctionDuration, ProductFormat, ProductStatus, ProductType } from "#core/contracts/catalog.ts";
import type { Fee } from "#core/rules/fees.ts";
import { usePriceFormatter } from "./dates-and-prices.ts";
import { ResponsiveImage } from "./responsive-image.tsx";

/** Small shared pieces of the listing pages: the state badge, the way of selling, the fee. */

const STATUS_TONE: Record<ProductStatus, string> = {
  draft: "bg-ink/5 text-muted ring-ink/15",
  in_review: "bg-secondary/15 text-[#6b5116] ring-secondary/40",
  awaiting_payment: "bg-secondary/15 text-[#6b5116] ring-secondary/40",
  scheduled: "bg-primary/10 text-primary-dark ring-primary/30",
  active: "bg-success/10 text-[#1f5c44] ring-success/30",
  ended: "bg-ink/5 text-muted ring-ink/15",
  sold: "bg-primary-dark/10 text-primary-dark ring-primary-dark/25",
  cancelled: "bg-danger/10 text-danger ring-danger/25",
  rejected: "bg-danger/10 text-danger ring-danger/25",
  expired: "bg-ink/5 text-muted ring-ink/15",
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_TONE[status]}`}
      data-testid="listing-status"
      data-status={status}
    >
      {t(`listings.status.${status}`)}
    </span>
  );
}

/** "7denní aukce", "Měsíční aukce", "Inzerát", "Poptávka". */
export function kindKey(listing: {
  format: ProductFormat;
  type: ProductType;
  duration: AuctionDuration | null;
}) {
  if (listing.type === "demand") return "listings.kind.demand";
  if (listing.format === "auction")
    return listing.duration === "month" ? "listings.kind.auctionMonth" : "listings.kind.auctionWeek";
  return "listings.kind.classified";
}

/** The insertion fee: the price list's amount, the group discount and what is to pay. */
export function FeeSummary({ fee }: { fee: Fee }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  const row = (label: ReactNode, value: ReactNode, strong = false) => (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? "border-t border-line pt-2 font-semibold" : ""}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <section
      aria-labelledby="fee-title"
      className="rounded-xl border border-line bg-white p-5"
      data-testid="fee-summary"
    >
      <h2 id="fee-title" className="font-serif text-xl text-primary-dark">
        {t("listings.fee.title")}
      </h2>
      {fee.baseMinor === 0 ? (
        <p className="mt-2 font-semibold text-success" data-testid="fee-total" data-minor={0}>
          {t("listings.fee.free")}
        </p>
      ) : (
        <dl className="mt-3 flex flex-col gap-1.5 text-sm">
          {row(t("listings.fee.base"), price(fee.baseMinor))}
          {fee.discountMinor > 0
            ? row(
                t("listings.fee.discount", { percent: fee.discountPercent }),
                `−${price(fee.discountMinor)}`,
              )
            : null}
          {row(
            t("listings.fee.total"),
            <span data-testid="fee-total" data-minor={fee.amountMinor}>
              {fee.amountMinor === 0 ? t("listings.fee.free") : price(fee.amountMinor)}
            </span>,
            true,
          )}
        </dl>
      )}
    </section>
  );
}

/** The add flow's three steps, the current one marked for screen readers too. */
export function Stepper({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const steps = [t("listings.steps.details"), t("listings.steps.preview"), t("listings.steps.done")];
  return (
    <nav aria-label={t("listings.steps.label")} className="mt-5">
      <ol className="flex items-center gap-2 text-sm">
        {steps.map((label, index) => {
          const number = index + 1;
          const state = number < current ? "done" : number === current ? "current" : "next";
          return (
            <li
              key={label}
              className="flex min-w-0 items-center gap-2"
              data-testid={`step-${number}`}
              data-state={state}
            >
              {index > 0 ? <span aria-hidden="true" className="h-px w-4 bg-line tablet:w-8" /> : null}
              <span
                aria-hidden="true"
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  state === "current"
                    ? "bg-primary-dark text-white"
                    : state === "done"
                      ? "bg-success text-white"
                      : "bg-white text-muted ring-1 ring-line"
                }`}
              >
                {state === "done" ? "✓" : number}
              </span>
              <span
                aria-current={state === "current" ? "step" : undefined}
                className={`truncate ${state === "current" ? "font-semibold text-ink" : "text-muted"}`}
              >
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * A seller's listing at the top of a page about it (confirmation, promotion): picture, way of
 * selling and category, its name, and a row with the state badge and what the page adds.
 */
export function ListingHeaderCard({
  listing,
  name,
  children,
}: {
  listing: {
    format: ProductFormat;
    type: ProductType;
    duration: AuctionDuration | null;
    status: ProductStatus;
    imageUrl: string | null;
    categoryName: string;
  };
  /** The name as the page shows it (a heading, or a link to the product). */
  name: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <article className="flex gap-4 rounded-xl border border-line bg-white p-4 tablet:p-5">
      {listing.imageUrl ? (
        <ResponsiveImage
          src={listing.imageUrl}
          alt=""
          width={160}
          height={160}
          widths={[160, 320]}
          sizes="96px"
          className="size-18 shrink-0 rounded-lg object-cover ring-1 ring-line tablet:size-24"
        />
      ) : null}
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="text-sm text-muted">
          {t(kindKey(listing))} · {listing.categoryName}
        </p>
        {name}
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={listing.status} />
          {children}
        </div>
      </div>
    </article>
  );
}
