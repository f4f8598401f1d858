import { sql } from "drizzle-orm";
import { categoryPathNames, searchText } from "#server/modules/catalog/index.ts";
import type { Db } from "../client.ts";
import { rowsOf } from "../rows.ts";
import * as t from "../schema.ts";
import { brands as brandSeeds, packages } from "./brands.ts";
import { bottlingRow, type CollectorContext, collectorItems, planBottlings } from "./bulk-collector.ts";
import { type ArchiveContext, archivePlanner, freezeLoadedIndex, placeSweepCursor } from "./bulk-results.ts";
import type { CatalogueItem, Kind } from "./catalogue.ts";
import type { SeedFiles } from "./files.ts";
import type { PlannedProduct } from "./products.ts";
import type { Random } from "./random.ts";
import { drawProductSvg } from "./svg.ts";
import { DAY } from "./time.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The demo's bottlings and its archive's sold auctions (a few of each bottling: repeat sales). */
export const DEMO_BOTTLINGS = 30;
export const DEMO_RESULTS = 360;
/** The archive's span: three years up to the month before last (closed months for the index). */
const YEARS = 3;

async function chunked<T extends Parameters<Tx["insert"]>[0]>(tx: Tx, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += 200) await tx.insert(table).values(rows.slice(i, i + 200) as never);
}

const syncSequence = (tx: Tx, table: string) =>
  tx.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
    ),
  );

/**
 * The demo's collector data (issue 37): bottlings of the demo's own spirits and cigars (the bulk
 * load's generator with a small count, bulk-collector.ts), the demo listings of those items linked
 * to them, and an archive of sold auctions over the last three years with their results
 * (bulk-results.ts), most of them of a bottling and so repeat sales; then the price index's closed
 * months frozen as its nightly job would, so /vysledky/index moves and a bottling's page has a
 * chart. Returns the counts for the seed's log line.
 */
export async function seedDemoCollector(
  tx: Tx,
  ctx: { planned: readonly PlannedProduct[]; files: SeedFiles; now: Date; rng: Random },
): Promise<{ bottlings: number; results: number; linked: number; indexMonths: number }> {
  const { now, rng } = ctx;

  const categoryRows = await tx
    .select({
      id: t.categories.id,
      parentId: t.categories.parentId,
      slugCs: t.categories.slugCs,
      slugEn: t.categories.slugEn,
      nameCs: t.categories.nameCs,
      nameEn: t.categories.nameEn,
    })
    .from(t.categories);
  const categoryRowById = new Map(categoryRows.map((row) => [row.id, row]));
  const brandIdByKey = new Map(
    (await tx.select({ id: t.brands.id, nameKey: t.brands.nameKey }).from(t.brands)).map((row) => [
      row.nameKey,
      row.id,
    ]),
  );
  const packageIdByName = new Map(
    (await tx.select({ id: t.packages.id, nameCs: t.packages.nameCs }).from(t.packages)).map((row) => [
      row.nameCs,
      row.id,
    ]),
  );
  const userIds = await archiveAccounts(tx, now);
  const brandByKey = new Map(brandSeeds.map((brand) => [brand.key, brand]));
  // The demo listings' own items: a bottling's page then shows them on sale and their photos.
  const supplies = ctx.planned.filter((product) => product.item && product.row.type !== "demand");
  const categoryOfItem = new Map(supplies.map((product) => [product.item!, product.row.categoryId]));
  const items = fewCategories(
    collectorItems([...new Set(supplies.map((product) => product.item!))], brandByKey),
    categoryOfItem,
  );
  const collector: CollectorContext = {
    brandByKey,
    brandIdOf: (brand) => brandIdByKey.get(searchText([brand.name])) ?? null,
    categoryIdOf: (item) => categoryOfItem.get(item)!,
  };
  const { bottlings, byItem } = planBottlings(DEMO_BOTTLINGS, items, collector, rng, 1);
  await chunked(
    tx,
    t.bottlings,
    bottlings.map((bottling) => bottlingRow(bottling, collector, now)),
  );
  await syncSequence(tx, "bottlings");
  const links = supplies.flatMap((product) => {
    const bottling = byItem.get(product.item!)?.[0];
    const at = product.row.createdAt ?? now;
    return bottling
      ? [
          {
            productId: product.id,
            bottlingId: bottling.id,
            linkedById: product.row.sellerId,
            linkedAt: at,
            announcedAt: at,
          },
        ]
      : [];
  });
  await chunked(tx, t.bottlingLinks, links);

  const pictureOf = sharedPictures(ctx.files, items, brandByKey);
  const [{ maxProduct, maxResult }] = rowsOf<{ maxProduct: number; maxResult: number }>(
    await tx.execute(sql`
      select (select coalesce(max(id), 0)::int from ${t.products}) as "maxProduct",
             (select coalesce(max(id), 0)::int from ${t.saleResults}) as "maxResult"`),
  );
  const end = new Date(now.getFullYear(), now.getMonth() - 1, 1).getTime() - 7 * DAY;
  const archive: ArchiveContext = {
    ...collector,
    // The first bottling five times over: a flagship with some fifty sales, whose page has pages
    // of results (twenty a page), beside bottlings with a handful each.
    bottlings: [...Array.from({ length: 4 }, () => bottlings[0]), ...bottlings],
    items,
    packageIdOf: (item: CatalogueItem) =>
      packageIdByName.get(packages.find((pack) => pack.key === item.pack)?.nameCs ?? "") ?? null,
    categoryRowById,
    categoryPath: (categoryId: number) => categoryPathNames(categoryId, categoryRowById),
    pictureOf,
    userIds,
    from: new Date(end - YEARS * 365 * DAY),
    to: new Date(end),
  };
  const batch = archivePlanner(
    archive,
    DEMO_RESULTS,
    { firstProductId: Number(maxProduct) + 1, firstResultId: Number(maxResult) + 1 },
    rng,
  )(0, DEMO_RESULTS);
  await chunked(tx, t.products, batch.products);
  await chunked(tx, t.productImages, batch.images);
  await chunked(tx, t.bottlingLinks, batch.links);
  await chunked(tx, t.saleResults, batch.results);
  for (const table of ["products", "sale_results"]) await syncSequence(tx, table);
  await placeSweepCursor(tx);
  const indexMonths = await freezeLoadedIndex(tx, now);
  return {
    bottlings: bottlings.length,
    results: batch.results.length,
    linked: links.length + batch.links.length,
    indexMonths,
  };
}

/**
 * The archive's sellers and buyers: accounts of their own, which no one logs in to (the password
 * hash matches no password), so the demo accounts' profiles, sales and purchases, which the tests
 * and the walkthroughs count, stay as the demo made them.
 */
async function archiveAccounts(tx: Tx, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - 4 * 365 * DAY);
  const rows = await tx
    .insert(t.users)
    .values(
      [1, 2, 3, 4, 5, 6].map((n) => ({
        email: `archiv${n}@rarita.test`,
        username: `archiv${n}`,
        passwordHash: "!archive",
        firstname: "Archiv",
        lastname: `${n}`,
        createdAt: since,
        updatedAt: since,
      })),
    )
    .returning({ id: t.users.id });
  return rows.map((row) => row.id);
}

/**
 * The items of the demo's busiest leaf categories only (spirits' and cigars'): the index job
 * freezes every month of each category branch with results, so each more branch costs the seed
 * three years of months (on every `npm start` of a fresh data directory and in tests' setups).
 */
function fewCategories(items: readonly CatalogueItem[], categoryOf: ReadonlyMap<CatalogueItem, number>) {
  const count = new Map<number, number>();
  for (const item of items) count.set(categoryOf.get(item)!, (count.get(categoryOf.get(item)!) ?? 0) + 1);
  const busiest = (cigars: boolean) =>
    [...count]
      .filter(([id]) =>
        items.some((item) => categoryOf.get(item) === id && /cigar/i.test(item.category) === cigars),
      )
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, cigars ? 1 : 2)
      .map(([id]) => id);
  const kept = new Set([...busiest(false), ...busiest(true)]);
  return items.filter((item) => kept.has(categoryOf.get(item)!));
}

/** One shared picture per kind for the archive's sold auctions (as the bulk load draws them). */
function sharedPictures(
  files: SeedFiles,
  items: readonly CatalogueItem[],
  brandByKey: ReadonlyMap<string, (typeof brandSeeds)[number]>,
) {
  const byKind = new Map<Kind, string>();
  for (const item of items) {
    if (byKind.has(item.kind)) continue;
    const brand = brandByKey.get(item.brand)!;
    const fileName = `${item.kind}-1.svg`;
    const svg = drawProductSvg(
      {
        kind: item.kind,
        brand: brand.name,
        name: item.name,
        colors: brand.colors,
        seed: 0.2,
        variant: "front",
      },
      `s${item.kind}0`,
    );
    files.write(`uploads/products/shared/${fileName}`, svg);
    byKind.set(item.kind, fileName);
  }
  return (item: CatalogueItem) => byKind.get(item.kind)!;
}
