import { type SQL, sql } from "drizzle-orm";
import { idBucketsVector } from "#server/db/id-buckets.ts";
import { rowsOf as driverRows } from "#server/db/rows.ts";

/** A row of a raw statement, by column name. */
export type Row = Record<string, unknown>;

export const rowsOf = (result: unknown): Row[] => driverRows<Row>(result);

export const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export const toIso = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : (value instanceof Date ? value : new Date(String(value))).toISOString();

/** The safe integers among the values, each once; undefined stays undefined (no filter). */
export function uniqueInts(values: number[] | undefined): number[] | undefined {
  if (!values) return undefined;
  return [...new Set(values.filter((value) => Number.isSafeInteger(value)))];
}

/** `$1, $2, …`: the values as parameters of an IN list. */
export function list<T>(values: readonly T[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/**
 * The effective price for filters and sorts: an auction's current price (start price before the
 * first bid), else price. An auction's is the listings' copy (listed_price_minor, up to a second
 * behind a hot auction's bids, ADR 0053), which the listing indexes include; cards show the live one.
 */
export const EFFECTIVE_PRICE = sql`(case when p.format = 'auction' then coalesce(p.listed_price_minor, p.start_price_minor) else p.price_minor end)`;

/** The full-text vector of a product: stored, and indexed for live products (migration 0032). */
export const TSV = sql`p.search_vector`;

/** The buckets of a product's id as words (ADR 0143): the live search index's second column. */
export const ID_BUCKETS = idBucketsVector(sql`p.id`);

/**
 * On sale (core/rules/sale.ts states the same rule for one product): a shop product whose sale price
 * is switched on and lies below its price before the sale. Auctions and classifieds never are.
 */
export const SALE = sql`(p.format = 'shop' and p.is_price_sale_active and p.original_price_minor > p.price_minor)`;

/** A json column's array of rows (drivers parse json; a string is parsed here). */
export function jsonRows(value: unknown): Row[] {
  if (typeof value === "string") return JSON.parse(value) as Row[];
  return Array.isArray(value) ? (value as Row[]) : [];
}

/** Parses a PostgreSQL text[] literal (a driver may hand one over unparsed). */
export function parsePgArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return inner.split(",").map((item) => item.replace(/^"|"$/g, ""));
}
