import { sql } from "drizzle-orm";
import type { ListingFacets, ListingQuery } from "#core/contracts/catalog.ts";
import type { AttributeDefinition } from "#core/contracts/listing-attributes.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import { attributeFacetsAndListed, type SampleListed } from "./attribute-facets.ts";
import { cappedTotal, countSource, termsFiltersOf } from "./counts.ts";
import type { Resolved } from "./filters.ts";
import { list, type Row, rowsOf } from "./sql-parts.ts";

/** A package's name in the locale (Czech when there is no English), over `packages k`. */
export const packageNameOf = (locale: Locale) =>
  locale === "en" ? sql`coalesce(k.name_en, k.name_cs)` : sql`k.name_cs`;

/**
 * The total and the facets of a resolved query, from its count source (counts.ts: listing_counts,
 * or a capped sample of the products). The total and every facet whose own filter is off come
 * from one statement (GROUPING SETS over the same rows); a facet whose filter is on is counted
 * without it (so a visitor who picked one brand still sees the others to add).
 */
export async function totalAndFacets(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  definitions: readonly AttributeDefinition[] = [],
): Promise<{ total: number; totalCapped?: true } & ListingFacets> {
  const source = countSource(query, resolved);
  const brandFiltered = Boolean(query.brandIds?.length);
  const packageFiltered = Boolean(query.packageIds?.length);
  const sets = [sql`()`];
  if (!brandFiltered) sets.push(sql`(p.brand_id)`);
  if (!packageFiltered) sets.push(sql`(p.package_id)`);
  const packageName = packageNameOf(query.locale);
  // listing_counts (a few hundred rows) is read the same way whatever the values: planned once.
  const planned = source.capped ? db : genericPlans(db);
  // Through the live listing terms (ADR 0107) the attribute facets' sample of every filter is the
  // one the total and the brands would draw: they come with those facets (one walk less) and only
  // the names are read here; the grouped statement below when the facets did not draw it.
  const withFacets = termsFiltersOf(query, resolved) !== null && definitions.length > 0;
  const facetsAnswer = attributeFacetsAndListed(db, query, resolved, definitions, withFacets);
  const groupedStatement = () =>
    planned.execute(sql`
    with g as (
      select ${brandFiltered ? sql`null::int as brand_id, 1 as no_brand` : sql`p.brand_id, grouping(p.brand_id) as no_brand`},
        ${packageFiltered ? sql`null::int as package_id, 1 as no_package` : sql`p.package_id, grouping(p.package_id) as no_package`},
        ${source.count} as count
      ${source.from()}
      where ${source.where()}
      group by grouping sets (${sql.join(sets, sql`, `)})
    )
    select g.brand_id, g.package_id, g.no_brand, g.no_package, g.count,
      b.name as brand_name, ${packageName} as package_name, k.position as package_position
    from g
    left join brands b on g.no_brand = 0 and b.id = g.brand_id
    left join packages k on g.no_package = 0 and k.id = g.package_id`);
  const grouped = withFacets
    ? facetsAnswer.then(({ listed }) =>
        listed
          ? listedRows(db, listed, { brandFiltered, packageFiltered, locale: query.locale })
          : groupedStatement().then(rowsOf),
      )
    : groupedStatement().then(rowsOf);
  const skipBrands = { brands: true };
  const brandQuery = brandFiltered
    ? planned.execute(sql`
        select p.brand_id, b.name as brand_name, ${source.count} as count
        ${source.from(skipBrands)} join brands b on b.id = p.brand_id
        where ${source.where(skipBrands)}
        group by p.brand_id, b.name`)
    : null;
  const skipPackages = { packages: true };
  const packageQuery = packageFiltered
    ? planned.execute(sql`
        select p.package_id, ${packageName} as package_name, k.position as package_position, ${source.count} as count
        ${source.from(skipPackages)} join packages k on k.id = p.package_id
        where ${source.where(skipPackages)}
        group by p.package_id, k.id`)
    : null;
  const [groupRows, brandRows, packageRows, { facets: attributes }] = await Promise.all([
    grouped,
    brandQuery,
    packageQuery,
    facetsAnswer,
  ]);
  const { total, ...known } = facetsFrom(
    groupRows,
    brandRows ? rowsOf(brandRows) : null,
    packageRows ? rowsOf(packageRows) : null,
    query.locale,
  );
  const facets = attributes.length > 0 ? { ...known, attributes } : known;
  if (!source.capped) return { total, ...facets };
  const counted = cappedTotal(total);
  return { ...counted, ...facets, ...(counted.totalCapped ? { capped: true } : {}) };
}

/**
 * A sample's size, brands and packages (attribute-facets.ts) as the grouped statement's rows, with
 * the brands' and packages' names: the total, and the brands and packages whose filter is off.
 */
export async function listedRows(
  db: Db,
  listed: SampleListed,
  {
    brandFiltered,
    packageFiltered,
    locale,
  }: { brandFiltered: boolean; packageFiltered: boolean; locale: Locale },
): Promise<Row[]> {
  const total: Row = { no_brand: 1, no_package: 1, count: listed.sampled };
  const brandIds = brandFiltered ? [] : [...listed.brands.keys()];
  const packageIds = packageFiltered ? [] : [...listed.packages.keys()];
  if (brandIds.length === 0 && packageIds.length === 0) return [total];
  const parts = [
    ...(brandIds.length
      ? [
          sql`select 'b' as kind, b.id, b.name, null::int as position from brands b where b.id in (${list(brandIds)})`,
        ]
      : []),
    ...(packageIds.length
      ? [
          // Named here too: without brands this select is the first, whose names the rows take.
          sql`select 'p' as kind, k.id, ${packageNameOf(locale)} as name, k.position from packages k where k.id in (${list(packageIds)})`,
        ]
      : []),
  ];
  const names = rowsOf(await db.execute(sql.join(parts, sql` union all `)));
  return [
    total,
    ...names.map((row) =>
      row.kind === "b"
        ? {
            no_brand: 0,
            no_package: 1,
            brand_id: row.id,
            brand_name: row.name,
            count: listed.brands.get(Number(row.id)),
          }
        : {
            no_brand: 1,
            no_package: 0,
            package_id: row.id,
            package_name: row.name,
            package_position: row.position,
            count: listed.packages.get(Number(row.id)),
          },
    ),
  ];
}

/**
 * The total and the facets from the grouped rows (total: no_brand = no_package = 1; a facet
 * whose filter is off: its group rows) and, for a facet whose filter is on, its own count rows.
 */
export function facetsFrom(
  rows: Row[],
  brandRows: Row[] | null,
  packageRows: Row[] | null,
  locale: Locale,
): { total: number } & ListingFacets {
  const total = Number(
    rows.find((row) => Number(row.no_brand) === 1 && Number(row.no_package) === 1)?.count ?? 0,
  );
  const brandSource = brandRows
    ? brandRows
    : rows.filter((row) => Number(row.no_brand) === 0 && row.brand_id !== null);
  const packageSource = packageRows
    ? packageRows
    : rows.filter((row) => Number(row.no_package) === 0 && row.package_id !== null);
  const brands = brandSource
    .map((row) => ({ id: Number(row.brand_id), name: String(row.brand_name), count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, locale))
    .slice(0, 60)
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const packages = packageSource
    .map((row) => ({
      id: Number(row.package_id),
      name: String(row.package_name),
      count: Number(row.count),
      position: Number(row.package_position ?? 0),
    }))
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map(({ position: _position, ...entry }) => entry);
  return { total, brands, packages };
}
