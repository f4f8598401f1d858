import { and, count, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { AttributeValues, BottlingView } from "#core/contracts/bottlings.ts";
import { BOTTLING_ATTRIBUTE_KEYS } from "#core/contracts/bottlings.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { slugify } from "#core/schemas/admin-content.ts";
import type { Db } from "#server/db/client.ts";
import { brandNameSql } from "../catalog/index.ts";
import { foldWords } from "./match.ts";
import { type BottlingRow, bottlingLinks, bottlings, bottlingWatches } from "./tables.ts";

/** A bottling's row with its brand's name. */
export type BottlingRecord = BottlingRow & { brandName: string | null };

const recordColumns = {
  row: bottlings,
  brandName: sql<string | null>`${brandNameSql(sql`${bottlings.brandId}`)}`,
};

const withBrand = (rows: { row: BottlingRow; brandName: string | null }[]): BottlingRecord[] =>
  rows.map(({ row, brandName }) => ({ ...row, brandName }));

/** Only the shared vocabulary's defining keys, with empty values left out. */
export function cleanAttributes(values: AttributeValues): AttributeValues {
  const out: AttributeValues = {};
  for (const key of BOTTLING_ATTRIBUTE_KEYS) {
    const value = values[key];
    if (value === undefined || value === null || value === "") continue;
    out[key] = typeof value === "string" ? value.trim().slice(0, 120) : value;
  }
  return out;
}

function wholeOrNull(value: unknown): number | null {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(n) ? n : null;
}

/** The columns derived from names and attributes: the indexed ones, the slug, the search text. */
export function derivedColumns(
  names: { nameCs: string; nameEn: string | null },
  attributes: AttributeValues,
  brandName: string | null,
) {
  const words = foldWords(
    [brandName ?? "", names.nameCs, names.nameEn ?? "", ...Object.values(attributes).map(String)].join(" "),
  );
  return {
    slug: slugify(names.nameCs) || "lahev",
    ageYears: wholeOrNull(attributes.age_years),
    vintage: wholeOrNull(attributes.vintage),
    volumeMl: wholeOrNull(attributes.volume_ml),
    // Padded with spaces: a word is found as ` word` (its start), never inside another.
    searchText: ` ${[...new Set(words)].join(" ")} `,
  };
}

export async function bottlingRecords(
  executor: Db,
  ids: readonly number[],
): Promise<Map<number, BottlingRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select(recordColumns)
    .from(bottlings)
    .where(inArray(bottlings.id, [...new Set(ids)]));
  return new Map(withBrand(rows).map((row) => [row.id, row]));
}

export async function bottlingRecord(executor: Db, id: number): Promise<BottlingRecord | null> {
  return (await bottlingRecords(executor, [id])).get(id) ?? null;
}

/** Active bottlings that may be the listing's: its brand's, or its category's sharing a word. */
export async function candidateRecords(
  executor: Db,
  facts: { brandId: number | null; categoryId: number; words: string[] },
): Promise<BottlingRecord[]> {
  const wordMatch = facts.words.slice(0, 8).map((word) => like(bottlings.searchText, `% ${word} %`));
  const reach: (SQL | undefined)[] = [
    facts.brandId !== null ? eq(bottlings.brandId, facts.brandId) : undefined,
    wordMatch.length > 0 ? and(eq(bottlings.categoryId, facts.categoryId), or(...wordMatch)) : undefined,
  ];
  const where = or(...reach.filter((c): c is SQL => c !== undefined));
  if (!where) return [];
  const rows = await executor
    .select(recordColumns)
    .from(bottlings)
    .where(and(eq(bottlings.status, "active"), where))
    .orderBy(bottlings.id)
    .limit(300);
  return withBrand(rows);
}

export const PER_PAGE = 24;

/** The public list and the back office's: active bottlings whose words start with the query's. */
export async function searchRecords(
  executor: Db,
  query: { q?: string; page?: number; statuses?: ("active" | "merged")[] },
): Promise<{ items: BottlingRecord[]; total: number; page: number }> {
  const words = foldWords(query.q ?? "").slice(0, 8);
  const where = and(
    inArray(bottlings.status, query.statuses ?? ["active"]),
    ...words.map((word) => like(bottlings.searchText, `% ${word}%`)),
  );
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const [{ total }] = await executor.select({ total: count() }).from(bottlings).where(where);
  const rows = await executor
    .select(recordColumns)
    .from(bottlings)
    .where(where)
    .orderBy(desc(bottlings.updatedAt), desc(bottlings.id))
    .limit(PER_PAGE)
    .offset((page - 1) * PER_PAGE);
  return { items: withBrand(rows), total: Number(total), page };
}

/**
 * The search box's bottlings: a few active ones whose words start with every word typed, those
 * with the most linked listings first (the bottles collectors meet), then the newest. Without a
 * count: read as the list's search, but stopped at `limit`. The words' trigrams find the
 * bottlings a rare word names, and the kept `linked_count` walked from the most linked serves a
 * common one: neither reads every bottling (ADR 0149).
 */
export async function suggestRecords(executor: Db, q: string, limit: number): Promise<BottlingRecord[]> {
  const words = foldWords(q).slice(0, 8);
  if (words.length === 0) return [];
  const rows = await executor
    .select(recordColumns)
    .from(bottlings)
    .where(
      and(eq(bottlings.status, "active"), ...words.map((word) => like(bottlings.searchText, `% ${word}%`))),
    )
    .orderBy(desc(bottlings.linkedCount), desc(bottlings.id))
    .limit(limit);
  return withBrand(rows);
}

/**
 * How many users watch each bottling (0 for none). Its linked listings need no count: the row
 * keeps them (`linked_count`, ADR 0149).
 */
export async function watcherCounts(executor: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return out;
  const watches = await executor
    .select({ id: bottlingWatches.bottlingId, n: count() })
    .from(bottlingWatches)
    .where(inArray(bottlingWatches.bottlingId, [...ids]))
    .groupBy(bottlingWatches.bottlingId);
  for (const row of watches) out.set(row.id, Number(row.n));
  return out;
}

/** A record as the pages show it. */
export function toView(record: BottlingRecord, locale: Locale, watchers = 0): BottlingView {
  return {
    id: record.id,
    status: record.status,
    mergedIntoId: record.mergedIntoId,
    categoryId: record.categoryId,
    brandId: record.brandId,
    brandName: record.brandName,
    nameCs: record.nameCs,
    nameEn: record.nameEn,
    name: locale === "en" && record.nameEn ? record.nameEn : record.nameCs,
    slug: record.slug,
    attributes: record.attributes,
    listingCount: record.linkedCount,
    watcherCount: watchers,
  };
}

/** The listings linked to a bottling, newest first. */
export async function linkedProductIds(executor: Db, bottlingId: number, limit = 200): Promise<number[]> {
  const rows = await executor
    .select({ id: bottlingLinks.productId })
    .from(bottlingLinks)
    .where(eq(bottlingLinks.bottlingId, bottlingId))
    .orderBy(desc(bottlingLinks.linkedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The active bottlings the sitemap lists: how many, and when the latest changed. */
export async function sitemapBottlingStats(
  executor: Db,
): Promise<{ count: number; lastModified: Date | null }> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int`, last: sql<Date | string | null>`max(${bottlings.updatedAt})` })
    .from(bottlings)
    .where(eq(bottlings.status, "active"));
  return { count: Number(row?.n ?? 0), lastModified: row?.last ? new Date(row.last) : null };
}

/** One page of the sitemap's bottlings, by id (a stable order for paging), with both languages' paths. */
export async function sitemapBottlings(executor: Db, { offset, limit }: { offset: number; limit: number }) {
  const rows = await executor
    .select({ id: bottlings.id, slug: bottlings.slug, updatedAt: bottlings.updatedAt })
    .from(bottlings)
    .where(eq(bottlings.status, "active"))
    .orderBy(bottlings.id)
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({
    paths: {
      cs: localePath("bottling", "cs", { ref: `${row.id}-${row.slug}` }),
      en: localePath("bottling", "en", { ref: `${row.id}-${row.slug}` }),
    },
    updatedAt: row.updatedAt,
  }));
}
