import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { FeeSummary, kindKey } from "#app/ui/listing-labels.tsx";
import type { AuctionDuration, ProductFormat, ProductStatus, ProductType } from "#core/contracts/catalog.ts";
import type { AttributeRow } from "#core/contracts/listing-attributes.ts";
import type { Fee } from "#core/rules/fees.ts";
import { AttributesTable } from "./attributes-table.tsx";
import { ProductGallery } from "./gallery.tsx";
import { ProductDescription } from "./product-info.tsx";

/** A checked listing as the preview shows it (JSON-safe: dates as ISO strings). */
export type PreviewData = {
  type: ProductType;
  format: ProductFormat;
  categoryPath: string[];
  brand: { name: string; isNew: boolean } | null;
  packageName: string;
  name: string;
  priceMinor: number | null;
  reservePriceMinor: number | null;
  description: string;
  duration: AuctionDuration | null;
  images: { url: string }[];
  fee: Fee;
  schedule: { status: ProductStatus; activationAt: string | null; endsAt: string | null };
  /** The item details (issue 37) as the product page's table will show them. */
  attributes: AttributeRow[];
};

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5" data-testid={testId}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/**
 * The listing as buyers will see it (gallery, name, facts, price, its details' table, description), with what only
 * the seller sees (the hidden reserve, the fee, the planned dates) beside it.
 */
export function ListingPreview({ data }: { data: PreviewData }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 desktop:grid-cols-[minmax(0,1fr)_20rem]" data-testid="listing-preview">
      <article className="min-w-0 rounded-xl border border-line bg-white p-5 tablet:p-7">
        <p className="text-sm text-muted" data-testid="preview-category">
          {data.categoryPath.join(" › ")}
        </p>
        <h2 className="mt-1 font-serif text-3xl text-primary-dark" data-testid="preview-name">
          {data.name}
        </h2>
        <div className="mt-5">
          <ProductGallery
            images={data.images.map((image, index) => ({
              url: image.url,
              width: null,
              height: null,
              alt: t("listings.form.imageAlt", { position: index + 1 }),
            }))}
            name={data.name}
          />
        </div>
        <PreviewFacts data={data} />
        {data.attributes.length > 0 ? (
          <div className="mt-6">
            <AttributesTable rows={data.attributes} />
          </div>
        ) : null}
        <div className="mt-6">
          <ProductDescription text={data.description} />
        </div>
      </article>
      <SellerSide data={data} />
    </div>
  );
}

/** The kind, the brand (a new one marked), the package, the price. */
function PreviewFacts({ data }: { data: PreviewData }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 border-y border-line py-4 tablet:grid-cols-3">
      <Fact label={t("listings.preview.kind")} testId="preview-kind">
        {t(kindKey(data))}
      </Fact>
      <Fact label={t("listings.preview.brand")}>
        {data.brand
          ? data.brand.isNew
            ? t("listings.preview.brandNew", { name: data.brand.name })
            : data.brand.name
          : t("listings.preview.noBrand")}
      </Fact>
      <Fact label={t("listings.preview.package")}>{data.packageName}</Fact>
      <Fact
        label={data.format === "auction" ? t("listings.preview.startPrice") : t("listings.preview.price")}
        testId="preview-price"
      >
        {data.priceMinor === null ? t("common.byAgreement") : price(data.priceMinor)}
      </Fact>
    </dl>
  );
}

/** What only the seller sees: the hidden reserve, the planned start and end, the fee. */
function SellerSide({ data }: { data: PreviewData }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const unpaid = data.fee.amountMinor > 0;
  const start = data.schedule.activationAt
    ? data.schedule.status === "active"
      ? t("listings.preview.startNow")
      : formatDate(data.schedule.activationAt, locale, true)
    : t("listings.preview.startWhenPaid");
  const end = data.schedule.endsAt
    ? formatDate(data.schedule.endsAt, locale, true)
    : data.duration === "month"
      ? t("listings.preview.endMonthly")
      : t("listings.preview.endWhenPaid");
  return (
    <aside className="flex flex-col gap-4">
      <section className="rounded-xl border border-line bg-white p-5">
        <dl className="flex flex-col gap-3">
          {data.reservePriceMinor !== null ? (
            <Fact label={t("listings.preview.reserve")}>{price(data.reservePriceMinor)}</Fact>
          ) : null}
          <Fact label={t("listings.preview.start")} testId="preview-start">
            {start}
          </Fact>
          {data.format === "auction" ? (
            <Fact label={t("listings.preview.end")} testId="preview-end">
              {end}
            </Fact>
          ) : null}
        </dl>
      </section>
      <FeeSummary fee={data.fee} />
      <p className="text-sm text-muted">
        {unpaid ? t("listings.next.awaitingPayment", { amount: price(data.fee.amountMinor) }) : null}
      </p>
    </aside>
  );
}
