import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { BellIcon } from "#app/ui/icons.tsx";
import type { BottlingResult } from "#core/contracts/bottlings.ts";
import type { FillLevel } from "#core/contracts/listing-evidence.ts";
import { localePath } from "#core/i18n/paths.ts";

/** A bottling's path in a language: `/lahve/12-glenfarclas-12-let`. */
export const bottlingPath = (locale: "cs" | "en", bottling: { id: number; slug: string }) =>
  localePath("bottling", locale, { ref: `${bottling.id}-${bottling.slug}` });

/** The attributes as a definition table. */
export function AttributeTable({ rows }: { rows: { key: string; label: string; value: string }[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-muted">{t("bottlings.page.noAttributes")}</p>;
  return (
    <dl
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 tablet:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]"
      data-testid="bottling-attributes"
    >
      {rows.map((row) => (
        <div key={row.key} className="contents">
          <dt className="text-muted">{row.label}</dt>
          <dd className="font-semibold text-ink">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A page of results, newest first: date, kind, fill level, price (no seller, no buyer). A real
 * table from tablet up; on a phone each row is a two-line card (date and price, then kind and fill
 * level) so the price is never cut off-screen: the cells stay cells and the headers stay for
 * screen readers (visually hidden), only the layout changes. `fillLevels` is false where the
 * bottling's category has no fill level (cigars): no such column then, not a column of dashes.
 */
export function ResultsTable({
  results,
  fillLevels = true,
}: {
  results: BottlingResult[];
  fillLevels?: boolean;
}) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  return (
    <table className="w-full text-left text-sm mobile:block" data-testid="bottling-results">
      <thead className="border-b border-line text-muted mobile:sr-only">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t("bottlings.page.date")}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t("bottlings.page.kind")}
          </th>
          {fillLevels ? (
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("bottlings.page.fillLevel")}
            </th>
          ) : null}
          <th scope="col" className="py-2 text-right font-medium">
            {t("bottlings.page.price")}
          </th>
        </tr>
      </thead>
      <tbody className="mobile:block">
        {[...results]
          // Newest first; ISO dates sort as plain strings (no ICU collation: ADR 0151).
          .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
          .map((result) => (
            <tr
              key={`${result.productId}-${result.date}`}
              className="border-b border-line/60 mobile:grid mobile:grid-cols-[auto_minmax(0,1fr)_auto] mobile:gap-x-1 mobile:py-2"
              data-testid="bottling-result"
            >
              <td className="py-2 pr-3 mobile:col-span-2 mobile:p-0">{formatDate(result.date, locale)}</td>
              <td className="py-2 pr-3 mobile:row-start-2 mobile:p-0 mobile:text-muted">
                {t(`bottlings.page.kinds.${result.kind}`)}
              </td>
              {fillLevels ? (
                <td className="py-2 pr-3 mobile:col-span-2 mobile:row-start-2 mobile:p-0 mobile:text-muted mobile:before:content-['·_']">
                  {result.fillLevel ? t(`listingEvidence.fillLevel.${result.fillLevel as FillLevel}`) : "–"}
                </td>
              ) : null}
              <td className="py-2 text-right font-semibold whitespace-nowrap mobile:col-start-3 mobile:row-start-1 mobile:p-0 mobile:pl-3">
                {price(result.priceMinor)}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

const buttonStyle =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-primary-dark/30 bg-white px-4 text-sm font-semibold text-primary-dark hover:border-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/** "Hlídat láhev": a form (works without scripts); a guest is sent to log in and back. */
export function WatchButton({ signedIn, watching }: { signedIn: boolean; watching: boolean }) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  if (!signedIn)
    return (
      <Link
        to={`${localePath("account", locale)}?redirect=${encodeURIComponent(pathname)}`}
        className={buttonStyle}
        data-testid="bottling-watch-login"
      >
        <BellIcon className="size-4" />
        {t("bottlings.watch.login")}
      </Link>
    );
  return (
    <Form
      method="post"
      className="flex flex-col items-start gap-2 desktop:max-w-sm desktop:shrink-0 desktop:items-end desktop:text-right"
    >
      {watching ? (
        <p role="status" className="text-sm text-[#1f5c44]" data-testid="bottling-watching">
          ✓ {t("bottlings.watch.watching")}
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={watching ? "unwatch" : "watch"}
        className={buttonStyle}
        data-testid="bottling-watch"
      >
        <BellIcon className="size-4" />
        {watching ? t("bottlings.watch.stop") : t("bottlings.watch.button")}
      </button>
    </Form>
  );
}
