import { type SQL, sql } from "drizzle-orm";
import type { FillLevel } from "#core/contracts/listing-evidence.ts";
import type { ArchiveRow, SaleResultKind } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { ResultsQuery } from "#core/schemas/results.ts";
import { fromPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { searchTokens } from "#server/modules/catalog/index.ts";
import { saleResults } from "./tables.ts";

/** Results on one page of the archive. */
export const ARCHIVE_PAGE_SIZE = 25;
/**
 * The count stops here: "more than 100 results" is all a visitor needs to know to narrow a search,
 * and the pages go on past it (keyset, `after`). Counting is reading: at 2 000 000 results a cap
 * of 10 000 read a common word's whole posting list (66 422 for "glen", 82 ms), and walking the
 * newest results to 1 001 matches of "glen" reads 30 000 rows (26 ms); to 101, 3 000 (2 ms).
 * bench/README.md, ADR 0101.
 */
export const COUNT_CAP = 100;

export type ArchivePage = {
  rows: ArchiveRow[];
  /** The matches counted up to the cap, on the first page only (null on a later one). */
  total: number | null;
  totalCapped: boolean;
  /** The page's number as its link labelled it (1 on the first page). */
  page: number;
  /** The result the next page starts after, or null on the last page. */
  next: number | null;
};

/**
 * The orders as sale_results_sold_at_idx and sale_results_price_idx are built (drizzle's `desc()`
 * is `desc nulls last`): a plain `desc` (nulls first) matched no index, and each archive page
 * sorted every matching result (1 s at 2 000 000 results; bench/README.md, "Collector data at scale").
 */
const ORDER: Record<ResultsQuery["sort"], SQL> = {
  newest: sql`r.sold_at desc nulls last, r.id desc nulls last`,
  oldest: sql`r.sold_at asc nulls first, r.id asc nulls first`,
  price_asc: sql`r.price_minor asc, r.id asc`,
  price_desc: sql`r.price_minor desc, r.id desc`,
};

/**
 * The rows after the result `after` in each order: a row comparison in the index's own direction
 * against the cursor's values, read by an init plan, so that it is the walk's index condition (it
 * starts at the cursor; a join with the cursor's row filtered every row from the first instead:
 * 1 s for a later page of "glen" by price at 200 000 results). Both columns are never null.
 */
function afterCondition(sort: ResultsQuery["sort"], after: number): SQL {
  const at = (column: SQL) =>
    sql`((select ${column} from ${saleResults} where id = ${after}), ${after}::int)`;
  switch (sort) {
    case "newest":
      return sql`(r.sold_at, r.id) < ${at(sql`sold_at`)}`;
    case "oldest":
      return sql`(r.sold_at, r.id) > ${at(sql`sold_at`)}`;
    case "price_asc":
      return sql`(r.price_minor, r.id) > ${at(sql`price_minor`)}`;
    case "price_desc":
      return sql`(r.price_minor, r.id) < ${at(sql`price_minor`)}`;
  }
}

/** The start of a Prague day `YYYY-MM-DD`, plus `days`. */
function pragueDay(day: string, days = 0): Date {
  const [year, month, date] = day.split("-").map(Number);
  return fromPragueWallClock({ year, month, day: date + days, hour: 0, minute: 0 });
}

/** The archive's conditions over `sale_results r`; categoryIds is the chosen category's branch. */
export function archiveConditions(query: ResultsQuery, categoryIds: readonly number[] | null): SQL {
  const where: SQL[] = [sql`true`];
  if (categoryIds)
    where.push(
      categoryIds.length
        ? sql`r.category_id in (${sql.join(
            categoryIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})`
        : sql`false`,
    );
  const tokens = query.q ? searchTokens(query.q) : [];
  // Letters and digits only (searchTokens), each a prefix: "glen" finds Glenfarclas.
  if (tokens.length)
    where.push(
      sql`r.search_vector @@ to_tsquery('simple'::regconfig, ${tokens.map((t) => `${t}:*`).join(" & ")})`,
    );
  if (query.priceFrom !== undefined) where.push(sql`r.price_minor >= ${query.priceFrom * 100}`);
  if (query.priceTo !== undefined) where.push(sql`r.price_minor <= ${query.priceTo * 100}`);
  if (query.from) where.push(sql`r.sold_at >= ${pragueDay(query.from).toISOString()}::timestamptz`);
  if (query.to) where.push(sql`r.sold_at < ${pragueDay(query.to, 1).toISOString()}::timestamptz`);
  if (query.fill) where.push(sql`r.fill_level = ${query.fill}`);
  if (query.kind) where.push(sql`r.kind = ${query.kind}`);
  return sql.join(where, sql` and `);
}

type Row = {
  id: number;
  product_id: number;
  category_id: number;
  kind: SaleResultKind;
  name_cs: string;
  name_en: string | null;
  path_cs: string;
  path_en: string;
  price_minor: string | number;
  sold_at: string | Date;
  fill_level: FillLevel | null;
};

const COLUMNS = sql`r.id, r.product_id, r.category_id, r.kind, r.name_cs, r.name_en, r.path_cs, r.path_en, r.price_minor, r.sold_at, r.fill_level`;

/**
 * The first page: the first `cap + 1` matches in the page's order, counted over the window, the
 * page cut from them (one statement, ADR 0101). The planner picks the walk by its estimate of the
 * matches: a common word or a wide filter walks the order's index and stops at `cap + 1`, a rare
 * word reads its few matches by the search index and sorts them.
 */
async function firstPage(db: Db, where: SQL, query: ResultsQuery, cap: number) {
  return rowsOf<Row & { found: number }>(
    await db.execute(sql`
      select r.*, count(*) over ()::int as found from (
        select ${COLUMNS} from ${saleResults} r where ${where}
        order by ${ORDER[query.sort]} limit ${cap + 1}
      ) r
      order by ${ORDER[query.sort]}
      limit ${Math.min(ARCHIVE_PAGE_SIZE, cap)}`),
  );
}

/** A later page: the page's rows after the result `after` and one more (is there a next page?), uncounted. */
async function laterPage(db: Db, where: SQL, query: ResultsQuery, after: number) {
  return rowsOf<Row>(
    await db.execute(sql`
      select ${COLUMNS} from ${saleResults} r
      where ${where} and ${afterCondition(query.sort, after)}
      order by ${ORDER[query.sort]}
      limit ${ARCHIVE_PAGE_SIZE + 1}`),
  );
}

/**
 * One page of the archive: the first with the number of matches counted up to `cap`, a later one
 * (`query.after`) the next rows after that result. A cursor that names no result shows nothing.
 */
export async function archivePage(
  db: Db,
  query: ResultsQuery,
  options: { locale: Locale; categoryIds: readonly number[] | null; cap?: number },
): Promise<ArchivePage> {
  const cap = options.cap ?? COUNT_CAP;
  const where = archiveConditions(query, options.categoryIds);
  let rows: Row[];
  let found: number | null = null;
  let more: boolean;
  if (query.after === undefined) {
    const read = await firstPage(db, where, query, cap);
    found = Number(read[0]?.found ?? 0);
    rows = read;
    more = found > rows.length;
  } else {
    rows = await laterPage(db, where, query, query.after);
    more = rows.length > ARCHIVE_PAGE_SIZE;
    rows = rows.slice(0, ARCHIVE_PAGE_SIZE);
  }
  const en = options.locale === "en";
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      productId: Number(row.product_id),
      categoryId: Number(row.category_id),
      kind: row.kind,
      name: en && row.name_en ? row.name_en : row.name_cs,
      path: en ? row.path_en : row.path_cs,
      priceMinor: Number(row.price_minor),
      soldAt: new Date(row.sold_at).toISOString(),
      fillLevel: row.fill_level,
    })),
    total: found === null ? null : Math.min(found, cap),
    totalCapped: found !== null && found > cap,
    page: query.after === undefined ? 1 : Math.max(2, query.page),
    next: more && rows.length > 0 ? Number(rows[rows.length - 1].id) : null,
  };
}
