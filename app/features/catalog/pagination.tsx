import { useTranslation } from "#app/i18n/use-translation.ts";
import { SPA_LINK } from "#app/ui/spa-links.tsx";

export type PaginationProps = {
  page: number;
  pageCount: number;
  /** The link of a page (`?strana=N`, the other parameters kept). */
  href: (page: number) => string;
};

/** The pages to show: the first, the last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((value) => value >= 1 && value <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const value of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === "number" && value - previous === 2) result.push(previous + 1);
    else if (typeof previous === "number" && value - previous > 2) result.push(null);
    result.push(value);
  }
  return result;
}

const ITEM =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-[0.9rem] tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/** Server-rendered page links that crawlers can follow (real `<a href>`, rel prev/next). */
export function Pagination({ page, pageCount, href }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={t("catalog.pagination.label")}
      className="mt-10 flex justify-center"
      data-testid="pagination"
    >
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <a
              {...SPA_LINK}
              href={href(page - 1)}
              rel="prev"
              className={`${ITEM} gap-1 text-primary-dark hover:bg-primary-dark/10`}
              data-testid="pagination-prev"
            >
              <span aria-hidden="true">‹</span>
              <span className="hidden tablet:inline">{t("catalog.pagination.prev")}</span>
              <span className="sr-only tablet:hidden">{t("catalog.pagination.prev")}</span>
            </a>
          ) : null}
        </li>
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={entry}>
              {entry === page ? (
                <span aria-current="page" className={`${ITEM} bg-primary-dark font-semibold text-white`}>
                  <span className="sr-only">{t("catalog.pagination.page", { page: entry })}</span>
                  <span aria-hidden="true">{entry}</span>
                </span>
              ) : (
                <a
                  {...SPA_LINK}
                  href={href(entry)}
                  className={`${ITEM} text-ink hover:bg-primary-dark/10`}
                  aria-label={t("catalog.pagination.page", { page: entry })}
                >
                  {entry}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <a
              {...SPA_LINK}
              href={href(page + 1)}
              rel="next"
              className={`${ITEM} gap-1 text-primary-dark hover:bg-primary-dark/10`}
              data-testid="pagination-next"
            >
              <span className="hidden tablet:inline">{t("catalog.pagination.next")}</span>
              <span className="sr-only tablet:hidden">{t("catalog.pagination.next")}</span>
              <span aria-hidden="true">›</span>
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
