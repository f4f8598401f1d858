import { sql } from "drizzle-orm";
import { FILL_LEVELS, type FillLevel } from "#core/contracts/listing-evidence.ts";
import { allCategoryNames, productSearchName, productSearchText } from "#server/modules/catalog/index.ts";
import { completedDealsAfter } from "#server/modules/deals/index.ts";
import { fillLevelsOf } from "#server/modules/listing-evidence/index.ts";
import { saleFacts, soldAuctionsAfter } from "#server/modules/listing-reads/index.ts";
import { productPaths } from "#server/modules/listings/index.ts";
import type { NewProduct } from "#server/modules/listings/tables/products.ts";
import { freezeIndexMonths, resultSearchText } from "#server/modules/sale-results/index.ts";
import type { Db } from "../client.ts";
import { rowsOf } from "../rows.ts";
import * as t from "../schema.ts";
import type { SeedBrand } from "./brands.ts";
import type { PlannedBottling } from "./bulk-collector.ts";
import type { CatalogueItem } from "./catalogue.ts";
import { productNames } from "./descriptions.ts";
import { roundToStep } from "./products.ts";
import type { Random } from "./random.ts";
import { slugify } from "./text.ts";
import { DAY } from "./time.ts";

/**
 * The archive of a bulk load (issue 37, item 7): sold auctions of the past ten years, each a
 * compact product row (the close's data as the row holds it: hammer price, bid count, winner; no
 * bid rows) with its `sale_results` row as the archive's recording would write it. Only the
 * `auction` kind: a deal's result needs its deal (held money, terms, two parties), which a load
 * has no reason to invent. Most results are of bottlings, with a long tail (a few bottlings with
 * hundreds of sales, most with a handful); prices follow the bottling's value, the market's trend
 * and noise, and the bottle's fill level, so repeat sales make a believable price index.
 */

export type CategoryRow = {
  id: number;
  parentId: number | null;
  slugCs: string;
  slugEn: string | null;
  nameCs: string;
  nameEn: string | null;
};

export type ArchiveContext = {
  bottlings: readonly PlannedBottling[];
  /** Items a result without a bottling is of. */
  items: readonly CatalogueItem[];
  brandByKey: ReadonlyMap<string, SeedBrand>;
  brandIdOf: (brand: SeedBrand) => number | null;
  categoryIdOf: (item: CatalogueItem) => number;
  packageIdOf: (item: CatalogueItem) => number | null;
  categoryRowById: ReadonlyMap<number, CategoryRow>;
  categoryPath: (categoryId: number) => CategoryRow[];
  pictureOf: (item: CatalogueItem, productId: number) => string;
  userIds: readonly number[];
  from: Date;
  to: Date;
};

/** Share of results with a bottling. */
const LINKED = 0.85;
/** The long tail's flattening: rank r sells in proportion to 1 / (r + TAIL). */
const TAIL = 200;
const FILL_SHARES = [0.35, 0.25, 0.15, 0.12, 0.07, 0.04, 0.02];
const FILL_FACTORS = [1, 1, 0.98, 0.95, 0.88, 0.75, 0.6];
const FILL_NAMES: Record<FillLevel, string> = {
  in_neck: "v hrdle",
  base_of_neck: "u paty hrdla",
  very_top_shoulder: "velmi vysoko v rameni",
  top_shoulder: "vysoko v rameni",
  upper_shoulder: "horní rameno",
  mid_shoulder: "střed ramene",
  low_shoulder: "nízko v rameni",
};

/** The market's level `years` after the archive's start: growth with a slow cycle. */
export function marketLevel(years: number): number {
  return Math.exp(0.075 * years + 0.06 * Math.sin((2 * Math.PI * years) / 3.5));
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A bottling by popularity rank: the ranks are scattered over the bottlings (a stride coprime to their count). */
function popularityPicker(count: number) {
  let stride = 7919;
  while (gcd(stride, count) !== 1) stride += 2;
  const top = (count + TAIL) / TAIL;
  return (u: number) => {
    const rank = Math.min(count - 1, Math.floor(TAIL * top ** u - TAIL));
    return (rank * stride) % count;
  };
}

/** A standard normal-ish draw (three uniforms). */
const noise = (rng: Random) => (rng.next() + rng.next() + rng.next() - 1.5) * 2;

function fillLevel(rng: Random): { level: FillLevel; factor: number } {
  let u = rng.next();
  for (let i = 0; i < FILL_LEVELS.length; i++) {
    u -= FILL_SHARES[i];
    if (u < 0) return { level: FILL_LEVELS[i], factor: FILL_FACTORS[i] };
  }
  return { level: "in_neck", factor: 1 };
}

export type ArchiveBatch = {
  products: (NewProduct & { id: number })[];
  images: (typeof t.productImages.$inferInsert)[];
  results: (typeof t.saleResults.$inferInsert)[];
  links: (typeof t.bottlingLinks.$inferInsert)[];
};

/**
 * A planner of the archive's `total` results: `batch(from, size)` builds results `from` to
 * `from + size - 1` (product ids `firstProductId + n`, result ids `firstResultId + n`), their sale
 * times rising with n (more sales in recent years), so the rows go in (ended_at, id) order.
 */
export function archivePlanner(
  ctx: ArchiveContext,
  total: number,
  ids: { firstProductId: number; firstResultId: number },
  rng: Random,
) {
  const pick = ctx.bottlings.length ? popularityPicker(ctx.bottlings.length) : null;
  const span = ctx.to.getTime() - ctx.from.getTime();
  const categories = new Map(
    [...ctx.categoryRowById.values()].map((row) => [row.id, { ...row, nameEn: row.nameEn }]),
  );
  return (from: number, size: number): ArchiveBatch => {
    const batch: ArchiveBatch = { products: [], images: [], results: [], links: [] };
    for (let n = from; n < from + size; n++) {
      const id = ids.firstProductId + n;
      const soldAtMs = ctx.from.getTime() + span * ((n + 0.5) / total) ** 0.6;
      const soldAt = new Date(Math.round(soldAtMs));
      const bottling = pick && rng.chance(LINKED) ? ctx.bottlings[pick(rng.next())] : null;
      const item = bottling?.item ?? ctx.items[rng.int(0, ctx.items.length - 1)];
      const brand = bottling?.brand ?? ctx.brandByKey.get(item.brand)!;
      const names = bottling?.names ?? productNames(item);
      const valueMinor = bottling?.valueMinor ?? item.value * 100 * Math.exp(noise(rng) * 0.3);
      const spirit = !/cigar/i.test(item.category);
      const fill = spirit ? fillLevel(rng) : { level: null, factor: 1 };
      const years = (soldAtMs - ctx.from.getTime()) / (365.25 * DAY);
      const price = valueMinor * marketLevel(years) * Math.exp(noise(rng) * 0.12) * fill.factor;
      const priceMinor = Math.max(1000, Math.round(price / 1000) * 1000);
      const categoryId = ctx.categoryIdOf(item);
      const category = ctx.categoryRowById.get(categoryId)!;
      const sellerId = ctx.userIds[rng.int(0, ctx.userIds.length - 1)];
      let winnerId = ctx.userIds[rng.int(0, ctx.userIds.length - 1)];
      if (winnerId === sellerId)
        winnerId = ctx.userIds[(ctx.userIds.indexOf(sellerId) + 1) % ctx.userIds.length];
      const activationAt = new Date(soldAtMs - 7 * DAY);
      const createdAt = new Date(soldAtMs - 8 * DAY);
      const descriptionCs = `Archivní aukce: ${names.cs}.${fill.level ? ` Hladina ${FILL_NAMES[fill.level]}.` : ""}`;
      const descriptionEn = `Archive auction: ${names.en}.`;
      const slugCs = slugify(names.cs);
      const slugEn = slugify(names.en);
      batch.products.push({
        id,
        format: "auction",
        type: "supply",
        status: "sold",
        sellerId,
        winnerId,
        categoryId,
        brandId: ctx.brandIdOf(brand),
        packageId: ctx.packageIdOf(item),
        nameCs: names.cs,
        nameEn: names.en,
        slugCs,
        slugEn,
        descriptionCs,
        descriptionEn,
        searchName: productSearchName(names.cs, names.en),
        searchText: productSearchText({
          nameCs: names.cs,
          nameEn: names.en,
          brand: brand.name,
          categories: ctx.categoryPath(categoryId),
          descriptionCs,
          descriptionEn,
        }),
        taxRate: 21,
        views: rng.int(20, 900),
        auctionDuration: "week",
        startPriceMinor: Math.min(priceMinor, roundToStep(priceMinor * (0.4 + rng.next() * 0.3))),
        currentPriceMinor: priceMinor,
        bidCount: rng.int(2, 24),
        activationAt,
        endsAt: soldAt,
        endedAt: soldAt,
        createdAt,
        updatedAt: soldAt,
      });
      batch.images.push({
        productId: id,
        position: 0,
        path: "/uploads/products/shared",
        fileName: ctx.pictureOf(item, id),
        width: 400,
        height: 560,
        alt: names.cs,
      });
      const paths = productPaths(id, {
        slugCs,
        slugEn,
        categorySlugCs: category.slugCs,
        categorySlugEn: category.slugEn,
      });
      batch.results.push({
        id: ids.firstResultId + n,
        productId: id,
        kind: "auction",
        categoryId,
        bottlingId: bottling?.id ?? null,
        nameCs: names.cs,
        nameEn: names.en,
        pathCs: paths.cs,
        pathEn: paths.en,
        priceMinor,
        soldAt,
        fillLevel: fill.level,
        searchText: resultSearchText(
          { nameCs: names.cs, nameEn: names.en, brand: brand.name, categoryId },
          categories,
        ),
        createdAt: soldAt,
      });
      if (bottling)
        batch.links.push({
          productId: id,
          bottlingId: bottling.id,
          linkedById: sellerId,
          linkedAt: createdAt,
          announcedAt: createdAt,
        });
    }
    return batch;
  };
}

/**
 * The sweep's cursor for sold auctions after a load: just before the first sold auction without a
 * result (the demo's and the load's own recent ones, which the server's first sweep records), or
 * after the last one when every one has its result, so the sweep never reads the loaded archive
 * row by row again. It may move back: reading again records nothing twice.
 */
export async function placeSweepCursor(db: Db): Promise<{ at: Date; lastId: number } | null> {
  const [first] = rowsOf<{ ended_at: string | Date; id: number }>(
    await db.execute(sql`
      select p.ended_at, p.id from ${t.products} p
      where p.ended_at is not null and p.format = 'auction' and p.status = 'sold'
        and not exists (select 1 from ${t.saleResults} r where r.product_id = p.id and r.kind = 'auction')
      order by p.ended_at, p.id limit 1`),
  );
  const [last] = first
    ? []
    : rowsOf<{ ended_at: string | Date; id: number }>(
        await db.execute(sql`
          select p.ended_at, p.id from ${t.products} p
          where p.ended_at is not null and p.format = 'auction' and p.status = 'sold'
          order by p.ended_at desc, p.id desc limit 1`),
      );
  const cursor = first
    ? { at: new Date(new Date(first.ended_at).getTime() - 1), lastId: 0 }
    : last
      ? { at: new Date(last.ended_at), lastId: Number(last.id) }
      : null;
  if (cursor)
    await db
      .insert(t.saleResultCursors)
      .values({ source: "auctions", ...cursor })
      .onConflictDoUpdate({ target: t.saleResultCursors.source, set: cursor });
  return cursor;
}

/** The price index's closed months, frozen by the index job's own computation (as its nightly run would). */
export async function freezeLoadedIndex(db: Db, now = new Date()): Promise<number> {
  return freezeIndexMonths(
    db,
    {
      bottlingOf: async () => new Map(),
      fillLevelOf: (ids) => fillLevelsOf(db, ids),
      saleFacts,
      categoryNames: allCategoryNames,
      soldAuctionsAfter,
      completedDealsAfter,
    },
    now,
  );
}
