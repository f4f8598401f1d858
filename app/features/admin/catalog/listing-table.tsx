import type { ColumnDef } from "@tanstack/react-table";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  PRODUCT_FORMATS,
  PRODUCT_STATUSES,
  type ProductFormat,
  type ProductStatus,
} from "#core/contracts/catalog.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";

export type ListingTableRow = {
  id: number;
  name: string;
  format: ProductFormat;
  status: ProductStatus;
  category: string;
  seller: string | null;
  priceMinor: number | null;
  bidCount: number;
  createdAt: string;
};

export function useListingColumns(): ColumnDef<ListingTableRow, unknown>[] {
  const { t, locale } = useTranslation();
  const link = (row: ListingTableRow, text: string | number) => (
    <Link
      to={localePath("adminListing", locale, { id: String(row.id) })}
      className="inline-block min-w-40 font-semibold text-primary-dark underline underline-offset-4"
    >
      {text}
    </Link>
  );
  return [
    { id: "id", header: t("adminCatalog.listings.id"), cell: ({ row }) => row.original.id },
    {
      id: "name",
      header: t("adminCatalog.listings.name"),
      cell: ({ row }) => link(row.original, row.original.name),
    },
    {
      id: "format",
      header: t("adminCatalog.listings.format"),
      cell: ({ row }) => t(`adminCatalog.format.${row.original.format}`),
    },
    {
      id: "status",
      header: t("adminCatalog.listings.status"),
      cell: ({ row }) => t(`catalog.status.${row.original.status}`),
    },
    { id: "category", header: t("adminCatalog.listings.category"), cell: ({ row }) => row.original.category },
    {
      id: "seller",
      header: t("adminCatalog.listings.seller"),
      cell: ({ row }) =>
        row.original.seller ?? <span className="text-muted">{t("adminCatalog.listings.shop")}</span>,
    },
    {
      id: "price",
      header: t("adminCatalog.listings.price"),
      cell: ({ row }) =>
        row.original.priceMinor === null ? "—" : formatPrice(row.original.priceMinor, null, { locale }),
    },
    { id: "bids", header: t("adminCatalog.listings.bids"), cell: ({ row }) => row.original.bidCount },
    {
      id: "createdAt",
      header: t("adminCatalog.listings.created"),
      cell: ({ row }) => formatDate(row.original.createdAt, locale),
    },
  ];
}

const selectClass = "rounded-md border border-line bg-white px-3 py-2 font-normal";

/** Status, format and category filters inside the table's search form. */
export function ListingFilters({ categories }: { categories: { id: number; label: string }[] }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminCatalog.listings.status")}
        <select name="status" defaultValue={params.get("status") ?? ""} className={selectClass}>
          <option value="">{t("adminCatalog.listings.allStatuses")}</option>
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`catalog.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminCatalog.listings.format")}
        <select name="format" defaultValue={params.get("format") ?? ""} className={selectClass}>
          <option value="">{t("adminCatalog.listings.allFormats")}</option>
          {PRODUCT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`adminCatalog.format.${format}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminCatalog.listings.category")}
        <select name="categoryId" defaultValue={params.get("categoryId") ?? ""} className={selectClass}>
          <option value="">{t("adminCatalog.listings.allCategories")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
