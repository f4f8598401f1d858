import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { ProductDetail } from "#core/contracts/product.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { pluralKey } from "#core/i18n/plural.ts";

/** Breadcrumbs: home, the category path, the current page (not linked). */
export function Breadcrumbs({ items, current }: { items: { name: string; url: string }[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("product.breadcrumb")} className="text-sm" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted">
        {items.map((item) => (
          <Fragment key={item.url}>
            <li>
              <Link to={item.url} className="hover:text-primary-dark hover:underline">
                {item.name}
              </Link>
            </li>
            <li aria-hidden="true" className="text-line">
              /
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="max-w-[28ch] truncate text-ink tablet:max-w-none">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/**
 * The description is the seller's plain text: paragraphs at blank lines, line breaks kept. React
 * escapes it, so nothing the seller types can become markup.
 */
export function ProductDescription({ text }: { text: string }) {
  const { t } = useTranslation();
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="text-muted">{t("product.description.empty")}</p>;
  return (
    <div className="flex max-w-prose flex-col gap-4 leading-relaxed" data-testid="product-description">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split("\n").map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}

/** The properties: brand, package, category path, activation date, days since insertion, format. */
export function ProductProperties({ product }: { product: ProductDetail }) {
  const { t, locale } = useTranslation();
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  if (product.brand) rows.push({ key: "brand", label: t("product.properties.brand"), value: product.brand });
  if (product.package)
    rows.push({ key: "package", label: t("product.properties.package"), value: product.package });
  rows.push({
    key: "category",
    label: t("product.properties.category"),
    value: (
      <span className="flex flex-wrap gap-x-1">
        {product.categoryPath.map((category, index) => (
          <Fragment key={category.id}>
            {index > 0 && (
              <span aria-hidden="true" className="text-muted">
                ›
              </span>
            )}
            <Link to={category.url} className="text-primary-dark hover:underline">
              {category.name}
            </Link>
          </Fragment>
        ))}
      </span>
    ),
  });
  rows.push({
    key: "format",
    label: t("product.properties.format"),
    value: t(`product.format.${product.format}`),
  });
  if (product.format !== "shop")
    rows.push({ key: "type", label: t("product.properties.type"), value: t(`product.type.${product.type}`) });
  if (product.activationAt)
    rows.push({
      key: "activation",
      label: t("product.properties.activation"),
      value: formatDate(product.activationAt, locale),
    });
  rows.push({
    key: "inserted",
    label: t("product.properties.inserted"),
    value:
      product.daysSinceInsertion === 0
        ? t("product.properties.today")
        : t(pluralKey(locale, "product.properties.daysAgo", product.daysSinceInsertion), {
            count: product.daysSinceInsertion,
          }),
  });
  rows.push({ key: "id", label: t("product.properties.id"), value: String(product.id) });
  return (
    <dl
      className="divide-y divide-line rounded-2xl bg-white ring-1 ring-line"
      data-testid="product-properties"
    >
      {rows.map((row) => (
        <div
          key={row.key}
          className="grid grid-cols-[9rem_1fr] gap-3 px-4 py-3 text-sm tablet:grid-cols-[11rem_1fr]"
          data-testid={`property-${row.key}`}
        >
          <dt className="text-muted">{row.label}</dt>
          <dd className="font-medium text-ink">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const STATUS_TONE: Record<string, string> = {
  awaiting_payment: "bg-secondary/15 text-ink ring-secondary/40",
  scheduled: "bg-primary/10 text-ink ring-primary/30",
  ended: "bg-ink/5 text-ink ring-ink/15",
  sold: "bg-primary-dark/10 text-primary-dark ring-primary-dark/25",
  cancelled: "bg-danger/10 text-danger ring-danger/25",
};

/** A clear note on a listing that is not live: awaiting payment, scheduled, ended, sold, cancelled. */
export function StatusBanner({ product }: { product: ProductDetail }) {
  const { t, locale } = useTranslation();
  if (!product.isPending || product.status === "active") return null;
  const date =
    product.status === "scheduled"
      ? product.activationAt
      : (product.auction?.endedAt ?? product.auction?.endsAt ?? product.updatedAt);
  const key: MessageKey =
    product.status === "ended" && product.format !== "auction"
      ? "product.pending.endedClassified"
      : `product.pending.${product.status}`;
  return (
    <div
      role="status"
      className={`flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ${STATUS_TONE[product.status] ?? STATUS_TONE.ended}`}
      data-testid="status-banner"
      data-status={product.status}
    >
      <span className="mt-0.5 rounded-full bg-ink px-2 py-0.5 text-[0.7rem] font-bold tracking-wider text-white uppercase">
        {t(`product.status.${product.status}`)}
      </span>
      <p>{t(key, { date: date ? formatDate(date, locale, true) : "" })}</p>
    </div>
  );
}
