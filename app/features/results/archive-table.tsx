import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { ArchiveRow } from "#core/contracts/sale-results.ts";
import { formatDate } from "#core/formats/dates.ts";

/**
 * The archive's rows: name (to the ended listing's page), date, final price, fill level, kind. A
 * table from the tablet up; on a phone each row stacks into a small card (the headers stay for
 * screen readers). No seller, no buyer. The fill level only where the category has one
 * (`fillCategories`: spirits and wine); a cigar's row leaves the cell empty, and on a phone has no
 * fill line at all.
 */
export function ArchiveTable({
  rows,
  fillCategories,
}: {
  rows: ArchiveRow[];
  fillCategories: readonly number[];
}) {
  const withFill = new Set(fillCategories);
  const hasFill = (row: ArchiveRow) => Boolean(row.fillLevel) || withFill.has(row.categoryId);
  // A page of cigars only has no fill-level column at all.
  const fillColumn = rows.some(hasFill);
  const { t } = useTranslation();
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
          {fillColumn ? (
            <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
              {t("results.archive.columns.fill")}
            </th>
          ) : null}
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("results.archive.columns.kind")}
          </th>
        </tr>
      </thead>
      <tbody className="block tablet:table-row-group">
        {rows.map((row) => (
          <ResultRow key={row.id} row={row} fill={hasFill(row) ? "shown" : fillColumn ? "empty" : "none"} />
        ))}
      </tbody>
    </table>
  );
}

/** A name as sellers type it, "…, 58 %" never broken before its per cent sign in a narrow column. */
export const keepPercent = (name: string) => name.replace(/(\d) %/g, "$1\u00a0%");

const cell = "tablet:border-b tablet:border-line tablet:px-3 tablet:py-3";

/**
 * One result: a table row from the tablet up, a small card on a phone. Its fill level `shown`
 * (spirits, wine), an `empty` cell (a cigar among spirits), or `none` (a page without the column).
 */
function ResultRow({ row, fill }: { row: ArchiveRow; fill: "shown" | "empty" | "none" }) {
  const { t, locale } = useTranslation();
  const { czk } = useCzkAmount();
  return (
    <tr
      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-b border-line py-3 tablet:table-row tablet:py-0"
      data-testid="result-row"
      data-product-id={row.productId}
    >
      <td className={`col-span-2 ${cell}`}>
        <Link to={row.path} className="font-semibold text-primary-dark underline-offset-2 hover:underline">
          {keepPercent(row.name)}
        </Link>
      </td>
      <td className={`text-sm text-muted tablet:text-base tablet:text-ink tablet:whitespace-nowrap ${cell}`}>
        <time dateTime={row.soldAt}>{formatDate(row.soldAt, locale)}</time>
      </td>
      <td
        className={`row-span-2 self-center text-right font-semibold whitespace-nowrap ${cell}`}
        data-testid="result-price"
      >
        {czk(row.priceMinor)}
      </td>
      {fill === "shown" ? (
        <td
          className={`text-sm text-muted tablet:text-base tablet:text-ink tablet:whitespace-nowrap ${cell}`}
          data-testid="result-fill"
        >
          <span className="tablet:hidden">{t("results.archive.columns.fill")}: </span>
          {row.fillLevel ? t(`listingEvidence.fillLevel.${row.fillLevel}`) : t("results.archive.noFill")}
        </td>
      ) : fill === "empty" ? (
        // Kept for the table's columns from the tablet up; nothing to read, nothing on a phone.
        <td className={`hidden tablet:table-cell ${cell}`} />
      ) : null}
      <td className={`col-span-2 text-sm tablet:text-base ${cell}`}>
        <span className="inline-block rounded-full border border-primary-dark/20 bg-light px-2.5 py-0.5 text-sm text-primary-dark">
          {t(`results.kind.${row.kind}`)}
        </span>
      </td>
    </tr>
  );
}
