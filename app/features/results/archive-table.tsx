import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { ArchiveRow } from "#core/contracts/sale-results.ts";
import { formatDate } from "#core/formats/dates.ts";

/**
 * The archive's rows: name (to the ended listing's page), date, final price, fill level, kind. A
 * table from the tablet up; on a phone each row stacks into a small card (the headers stay for
 * screen readers). No seller, no buyer.
 */
export function ArchiveTable({ rows }: { rows: ArchiveRow[] }) {
  const { t, locale } = useTranslation();
  const { czk } = useCzkAmount();
  const cell = "tablet:border-b tablet:border-line tablet:px-3 tablet:py-3";
  return (
    <table className="w-full text-left" data-testid="results-table">
      <thead className="sr-only tablet:not-sr-only tablet:table-header-group">
        <tr className="text-sm text-muted">
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("results.archive.columns.name")}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("results.archive.columns.date")}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {t("results.archive.columns.price")}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("results.archive.columns.fill")}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("results.archive.columns.kind")}
          </th>
        </tr>
      </thead>
      <tbody className="block tablet:table-row-group">
        {rows.map((row) => (
          <tr
            key={row.id}
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-b border-line py-3 tablet:table-row tablet:py-0"
            data-testid="result-row"
            data-product-id={row.productId}
          >
            <td className={`col-span-2 ${cell}`}>
              <Link
                to={row.path}
                className="font-semibold text-primary-dark underline-offset-2 hover:underline"
              >
                {row.name}
              </Link>
            </td>
            <td
              className={`text-sm text-muted tablet:text-base tablet:text-ink tablet:whitespace-nowrap ${cell}`}
            >
              <time dateTime={row.soldAt}>{formatDate(row.soldAt, locale)}</time>
            </td>
            <td
              className={`row-span-2 self-center text-right font-semibold whitespace-nowrap ${cell}`}
              data-testid="result-price"
            >
              {czk(row.priceMinor)}
            </td>
            <td className={`text-sm text-muted tablet:text-base tablet:text-ink ${cell}`}>
              <span className="tablet:hidden">{t("results.archive.columns.fill")}: </span>
              {row.fillLevel ? t(`listingEvidence.fillLevel.${row.fillLevel}`) : t("results.archive.noFill")}
            </td>
            <td className={`col-span-2 text-sm tablet:text-base ${cell}`}>
              <span className="inline-block rounded-full bg-light px-2.5 py-0.5 text-sm text-primary-dark">
                {t(`results.kind.${row.kind}`)}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
