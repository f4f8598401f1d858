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
/** The count stops here: "more than 10 000" is all a visitor needs, and counting 2 000 000 is not free. */
export const COUNT_CAP = 10_000;

export type ArchivePage = {
  rows: ArchiveRow[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
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
  kind: SaleResultKind;
  name_cs: string;
  name_en: string | null;
  path_cs: string;
  path_en: string;
  price_minor: string | number;
  sold_at: string | Date;
  fill_level: FillLevel | null;
};

/** One page of the archive, with the (capped) number of results the filters match. */
export async function archivePage(
  db: Db,
  query: ResultsQuery,
  options: { locale: Locale; categoryIds: readonly number[] | null },
): Promise<ArchivePage> {
  const where = archiveConditions(query, options.categoryIds);
  const counted = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${saleResults} r where ${where} limit ${COUNT_CAP + 1}) hits`,
    ),
  );
  const found = Number(counted[0]?.n ?? 0);
  const total = Math.min(found, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.id, r.product_id, r.kind, r.name_cs, r.name_en, r.path_cs, r.path_en, r.price_minor, r.sold_at, r.fill_level
      from ${saleResults} r where ${where}
      order by ${ORDER[query.sort]}
      limit ${ARCHIVE_PAGE_SIZE} offset ${(page - 1) * ARCHIVE_PAGE_SIZE}`),
  );
  const en = options.locale === "en";
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      productId: Number(row.product_id),
      kind: row.kind,
      name: en && row.name_en ? row.name_en : row.name_cs,
      path: en ? row.path_en : row.path_cs,
      priceMinor: Number(row.price_minor),
      soldAt: new Date(row.sold_at).toISOString(),
      fillLevel: row.fill_level,
    })),
    total,
    totalCapped: found > COUNT_CAP,
    page,
    pageCount,
  };
}
