import { ne, sql } from "drizzle-orm";
import { nextMonthlyRoundClose } from "#core/rules/auction-end.ts";
import { createLocalStorage } from "#server/adapters/storage/local.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { backfillAuctionLeaders } from "#server/modules/bidding/index.ts";
import {
  categoryPathNames,
  productSearchName,
  productSearchText,
  searchText,
} from "#server/modules/catalog/index.ts";
import type { NewProduct } from "#server/modules/listings/tables/products.ts";
import type { Db } from "../client.ts";
import { rowsOf } from "../rows.ts";
import * as t from "../schema.ts";
import { brands as brandSeeds, packages } from "./brands.ts";
import {
  bottlingRow,
  type CollectorContext,
  collectorItems,
  listingCollectorRows,
  planBottlings,
} from "./bulk-collector.ts";
import { copyBatch } from "./bulk-copy.ts";
import { createBatchWriter, dropProductIndexes, dropSecondaryIndexes, finishFastLoad } from "./bulk-load.ts";
import { type ArchiveContext, archivePlanner, placeSweepCursor } from "./bulk-results.ts";
import { type CatalogueItem, catalogue, type Kind } from "./catalogue.ts";
import { buildCategories } from "./categories.ts";
import { describeProduct, productNames } from "./descriptions.ts";
import { syncSequence } from "./index.ts";
import {
  type AuctionPlan,
  classifiedPlan,
  planBids,
  planTiming,
  previousRoundEnd,
  roundToStep,
  shopPrice,
} from "./products.ts";
import { createRandom } from "./random.ts";
import { drawProductSvg } from "./svg.ts";
import { slugify } from "./text.ts";
import { DAY, MINUTE } from "./time.ts";

/**
 * Bulk catalogue for load and speed tests (`npm run seed:large`): N more products built from the
 * demo catalogue, in batches, with bids for some auctions. The pictures are a small shared set (two
 * per kind) instead of files per product. Each batch goes to the server with COPY, one statement
 * per table in one transaction (bulk-copy.ts): PostgreSQL's own bulk path on both engines, with
 * no JSON to parse or parameter to bind (the JSON parameter it replaced, insertRecords, was about
 * 10 times the rate of multi-row VALUES).
 */

export type BulkProgress = { products: number; bids: number; results: number; elapsedMs: number };

/** The collector tables a fast load writes without their secondary indexes (built once at the end). */
const COLLECTOR_TABLES = ["listing_attribute_values", "bottling_links", "sale_results"];
/** Analyzed after the load (rebuilt from the values by finishFastLoad, ADR 0098 and 0107). */
const ANALYZED_TABLES = [...COLLECTOR_TABLES, "live_attribute_values", "live_listing_terms"];

/** The default bottlings and results for a load of `count` products: 50 000 and 2 000 000 at 1 000 000. */
export const defaultBottlings = (count: number) => Math.max(1, Math.round(count / 20));
export const defaultResults = (count: number) => count * 2;

export async function seedLargeCatalogue(
  db: Db,
  options: {
    count: number;
    dataDir: string;
    /** Where the shared pictures go (ADR 0094); by default the local folder DATA_DIR. */
    storage?: ObjectStorage;
    batchSize?: number;
    seed?: number;
    now?: Date;
    /** Bottlings made of the catalogue's spirits and cigars (none by default; the CLI's default: defaultBottlings). */
    bottlings?: number;
    /** Sold auctions of the past ten years with their results (none by default; the CLI's: defaultResults). */
    results?: number;
    /** Load without triggers and with the indexes built at the end (default: from 20 000 on). */
    fast?: boolean;
    /** Batches written at once, each in its own transaction on its own connection (default 2). */
    writers?: number;
    onProgress?: (progress: BulkProgress) => void;
  },
): Promise<{
  products: number;
  bids: number;
  images: number;
  bottlings: number;
  results: number;
  linked: number;
  attributeValues: number;
  elapsedMs: number;
  /** Of it, the fast load's rebuild at the end (indexes, vocabulary, counts, analyze). */
  finishMs: number;
}> {
  const started = Date.now();
  let finishMs = 0;
  const batchSize = options.batchSize ?? 2000;
  const now = options.now ?? new Date();
  const nowMs = now.getTime();

  // The demo structure as it is in the database now (an admin may have changed it).
  const categoryRows = await db
    .select({
      id: t.categories.id,
      parentId: t.categories.parentId,
      slugCs: t.categories.slugCs,
      nameCs: t.categories.nameCs,
      nameEn: t.categories.nameEn,
      slugEn: t.categories.slugEn,
    })
    .from(t.categories);
  const categoryRowById = new Map(categoryRows.map((row) => [row.id, row]));
  const categoryIdBySlug = new Map(categoryRows.map((row) => [row.slugCs, row.id]));
  const fallbackCategory = categoryRows[0]?.id;
  if (fallbackCategory === undefined)
    throw new Error("seed:large needs the demo categories; run the demo seed first");
  const categoryByKey = new Map(
    buildCategories().map((c) => [c.key, { ...c, id: categoryIdBySlug.get(c.slugCs) ?? fallbackCategory }]),
  );
  const brandRows = await db.select({ id: t.brands.id, nameKey: t.brands.nameKey }).from(t.brands);
  const brandIdByKey = new Map(brandRows.map((row) => [row.nameKey, row.id]));
  const packageRows = await db.select({ id: t.packages.id, nameCs: t.packages.nameCs }).from(t.packages);
  const packageIdByName = new Map(packageRows.map((row) => [row.nameCs, row.id]));
  const packageIdByKey = new Map(
    packages.map((pack) => [pack.key, packageIdByName.get(pack.nameCs) ?? null]),
  );
  const userIds = (await db.select({ id: t.users.id }).from(t.users).where(ne(t.users.role, "admin"))).map(
    (row) => row.id,
  );
  if (userIds.length < 3) throw new Error("seed:large needs at least 3 users; run the demo seed first");
  const brandByKey = new Map(brandSeeds.map((brand) => [brand.key, brand]));
  const collector: CollectorContext = {
    brandByKey,
    brandIdOf: (brand) => brandIdByKey.get(searchText([brand.name])) ?? null,
    categoryIdOf: (item) => categoryByKey.get(item.category)!.id,
  };

  // The shared pictures: two per kind.
  // A handful of objects for the whole load, put through the storage like any upload.
  const storage = options.storage ?? createLocalStorage(options.dataDir);
  const pictureByKind = new Map<Kind, string[]>();
  for (const item of catalogue) {
    if (pictureByKind.has(item.kind)) continue;
    const brand = brandByKey.get(item.brand)!;
    const files = [0, 1].map((n) => {
      const fileName = `${item.kind}-${n + 1}.svg`;
      const svg = drawProductSvg(
        {
          kind: item.kind,
          brand: brand.name,
          name: item.name,
          colors: brand.colors,
          seed: n * 0.6 + 0.2,
          variant: "front",
        },
        `s${item.kind}${n}`,
      );
      return { fileName, svg };
    });
    await Promise.all(
      files.map(({ fileName, svg }) =>
        storage.put(`uploads/products/shared/${fileName}`, Buffer.from(svg), {
          contentType: "image/svg+xml",
        }),
      ),
    );
    pictureByKind.set(
      item.kind,
      files.map((file) => file.fileName),
    );
  }

  const roundEnd = nextMonthlyRoundClose(now);
  const prevRoundEnd = previousRoundEnd(roundEnd);
  const olderRoundEnd = previousRoundEnd(prevRoundEnd);
  const maxOf = async (table: "products" | "bottlings" | "sale_results") => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select coalesce(max(id), 0)::int as n from ${table}`)),
    );
    return Number(row.n);
  };
  const maxId = await maxOf("products");
  let nextId = maxId + 1;
  // Deterministic, yet a second run adds different products.
  const rng = createRandom((options.seed ?? 424_242) + maxId);
  let totalBids = 0;
  let totalImages = 0;
  let totalLinks = 0;
  let totalValues = 0;
  // Batches are independent (own ids, triggers off in a fast load), so two are written at once on
  // two connections: the server's work per row (JSON, the search vector, TOAST) is the larger
  // half, and one writer left the second core to the batch builder alone.
  const writers = Math.max(1, options.writers ?? 2);
  // A big load builds the products' secondary indexes once at the end instead of row by row.
  const fast = options.fast ?? options.count >= 20_000;
  const writer = createBatchWriter(db, { writers, fast });
  const droppedIndexes = fast
    ? [...(await dropProductIndexes(db)), ...(await dropSecondaryIndexes(db, COLLECTOR_TABLES))]
    : [];
  const chunks = new Set<string>();

  // The bottlings first (the links and results name them), in one statement per 5 000.
  const items = collectorItems(catalogue, brandByKey);
  const bottlingCount = options.bottlings ?? 0;
  const planned = planBottlings(bottlingCount, items, collector, rng, (await maxOf("bottlings")) + 1);
  for (let i = 0; i < planned.bottlings.length; i += 5000)
    await copyBatch(
      db,
      [[t.bottlings, planned.bottlings.slice(i, i + 5000).map((b) => bottlingRow(b, collector, now))]],
      { fast: false },
    );

  const auctionPlan = (): AuctionPlan => {
    const r = rng.next();
    if (r < 0.3) return "active-week";
    if (r < 0.55) return "active-month";
    if (r < 0.6) return "scheduled";
    if (r < 0.64) return "awaiting_payment";
    if (r < 0.82) return "ended";
    if (r < 0.96) return "sold";
    return "expired";
  };

  const resultCount = options.results ?? 0;
  // A failed fast load still gets its indexes back (and the counts of what it did write).
  try {
    for (let done = 0; done < options.count; ) {
      const size = Math.min(batchSize, options.count - done);
      const products: (NewProduct & { id: number })[] = [];
      const images: (typeof t.productImages.$inferInsert)[] = [];
      const bids: (typeof t.bids.$inferInsert)[] = [];
      const values: (typeof t.listingAttributeValues.$inferInsert)[] = [];
      const links: (typeof t.bottlingLinks.$inferInsert)[] = [];
      for (let i = 0; i < size; i++) {
        const id = nextId++;
        const item = catalogue[rng.int(0, catalogue.length - 1)];
        const brand = brandByKey.get(item.brand)!;
        const category = categoryByKey.get(item.category)!;
        const names = productNames(item);
        const format =
          item.prefer === "shop"
            ? rng.chance(0.5)
              ? "shop"
              : "auction"
            : rng.chance(0.7)
              ? "auction"
              : "classified";
        const byAgreement = format === "classified" && rng.chance(0.2);
        const text = describeProduct(item, { format, byAgreement, brand, names, rng, now });
        const valueMinor = Math.round(item.value * (0.85 + rng.next() * 0.3)) * 100;
        const row: NewProduct & { id: number } = {
          id,
          format,
          type: "supply",
          status: "active",
          sellerId: null,
          categoryId: category.id,
          brandId: brandIdByKey.get(searchText([brand.name])) ?? null,
          packageId: packageIdByKey.get(item.pack) ?? null,
          nameCs: names.cs,
          nameEn: names.en,
          slugCs: slugify(names.cs),
          slugEn: slugify(names.en),
          descriptionCs: text.cs,
          descriptionEn: text.en,
          // The category path as the database has it (what refreshSearchText would compute).
          searchName: productSearchName(names.cs, names.en),
          searchText: productSearchText({
            nameCs: names.cs,
            nameEn: names.en,
            brand: brand.name,
            categories: categoryPathNames(category.id, categoryRowById),
            descriptionCs: text.cs,
            descriptionEn: text.en,
          }),
          taxRate: 21,
          views: rng.int(0, 1500),
        };
        // A fast load fills the vocabulary from the distinct words, not from every product's text.
        if (fast) for (const word of (row.searchText ?? "").split(" ")) chunks.add(word);
        if (format === "shop") {
          const created = new Date(nowMs - rng.next() * 365 * DAY);
          const price = shopPrice(valueMinor / 100);
          const onSale = rng.chance(0.15);
          Object.assign(row, {
            priceMinor: onSale ? Math.max(100, Math.round(price * 0.85)) : price,
            originalPriceMinor: onSale ? price : null,
            isPriceSaleActive: onSale,
            stock: rng.chance(0.15) ? 0 : rng.int(1, 30),
            activationAt: created,
            createdAt: created,
            updatedAt: created,
          });
        } else {
          const sellerId = rng.pick(userIds);
          row.sellerId = sellerId;
          const plan = format === "auction" ? auctionPlan() : classifiedPlan(rng);
          const timing = planTiming(plan, format, rng, now, roundEnd, prevRoundEnd, olderRoundEnd);
          Object.assign(row, {
            status: timing.status,
            activationAt: timing.activationAt,
            endsAt: timing.endsAt,
            endedAt: timing.endedAt,
            createdAt: timing.createdAt,
            updatedAt: timing.endedAt ?? timing.activationAt ?? timing.createdAt,
          });
          if (format === "auction") {
            row.auctionDuration = timing.duration;
            const startMinor = roundToStep(valueMinor * (0.35 + rng.next() * 0.45));
            row.startPriceMinor = startMinor;
            const live = timing.status === "active";
            const finished = timing.status === "ended" || timing.status === "sold";
            let count = (live || finished) && rng.chance(0.55) ? rng.int(1, 10) : 0;
            const from = new Date((timing.activationAt?.getTime() ?? nowMs) + 5 * MINUTE);
            const until = new Date(
              Math.min(nowMs - MINUTE, (timing.endsAt?.getTime() ?? nowMs) - 3 * MINUTE),
            );
            if (until.getTime() - from.getTime() < 10 * MINUTE) count = 0;
            const planned = planBids({
              startMinor,
              count,
              from,
              to: until,
              pool: userIds,
              sellerId,
              valueMinor,
              rng,
            });
            for (const bid of planned) bids.push({ productId: id, ...bid });
            if (planned.length) {
              row.currentPriceMinor = planned[planned.length - 1].amountMinor;
              row.bidCount = planned.length;
              if (finished) row.winnerId = planned[planned.length - 1].userId;
            }
            // ADR 0007's close: sold with a winner, ended without one.
            if (finished) row.status = planned.length ? "sold" : "ended";
          } else
            row.priceMinor = byAgreement ? null : shopPrice((valueMinor / 100) * (0.95 + rng.next() * 0.15));
          if (rng.chance(0.03) && row.status === "active")
            row.toppedUntil = new Date(nowMs + rng.int(1, 10) * DAY);
        }
        products.push(row);
        const collected = listingCollectorRows(
          { id, item, brand, sellerId: row.sellerId ?? null, createdAt: row.createdAt ?? now },
          planned.byItem,
          rng,
        );
        values.push(...collected.values);
        if (collected.link) links.push(collected.link);
        const files = pictureByKind.get(item.kind)!;
        images.push({
          productId: id,
          position: 0,
          path: "/uploads/products/shared",
          fileName: files[id % files.length],
          width: 400,
          height: 560,
          alt: names.cs,
        });
      }
      // The next batch is built while the database writes the previous ones.
      done += size;
      totalBids += bids.length;
      totalImages += images.length;
      totalValues += values.length;
      totalLinks += links.length;
      const progress = { products: done, bids: totalBids, results: 0 };
      await writer.write(
        [
          [t.products, products],
          [t.productImages, images],
          [t.bids, bids],
          [t.listingAttributeValues, values],
          [t.bottlingLinks, links],
        ],
        () => options.onProgress?.({ ...progress, elapsedMs: Date.now() - started }),
      );
    }
    // The archive: sold auctions of the past ten years with their results, after the products.
    const archive: ArchiveContext = {
      ...collector,
      bottlings: planned.bottlings,
      items,
      packageIdOf: (item: CatalogueItem) => packageIdByKey.get(item.pack) ?? null,
      categoryRowById,
      categoryPath: (categoryId: number) => categoryPathNames(categoryId, categoryRowById),
      pictureOf: (item: CatalogueItem, productId: number) => {
        const files = pictureByKind.get(item.kind)!;
        return files[productId % files.length];
      },
      userIds,
      from: new Date(nowMs - 10 * 365 * DAY),
      to: new Date(Math.min(nowMs, olderRoundEnd.getTime()) - 7 * DAY),
    };
    const archiveBatch = archivePlanner(
      archive,
      resultCount,
      { firstProductId: nextId, firstResultId: (await maxOf("sale_results")) + 1 },
      rng,
    );
    nextId += resultCount;
    for (let done = 0; done < resultCount; ) {
      const size = Math.min(batchSize, resultCount - done);
      const batch = archiveBatch(done, size);
      if (fast)
        for (const row of batch.products)
          for (const word of (row.searchText ?? "").split(" ")) chunks.add(word);
      done += size;
      totalImages += batch.images.length;
      totalLinks += batch.links.length;
      const progress = { products: options.count, bids: totalBids, results: done };
      await writer.write(
        [
          [t.products, batch.products],
          [t.productImages, batch.images],
          [t.bottlingLinks, batch.links],
          [t.saleResults, batch.results],
        ],
        () => options.onProgress?.({ ...progress, elapsedMs: Date.now() - started }),
      );
    }
    await writer.drain();
  } finally {
    await writer.settle();
    const finishStarted = Date.now();
    if (fast) await finishFastLoad(db, droppedIndexes, [...chunks], ANALYZED_TABLES);
    finishMs = Date.now() - finishStarted;
  }
  for (const table of ["products", "bottlings", "sale_results"]) await syncSequence(db, table);
  // The bids were written directly: the auctions' leaders and the live stream's newest bid id
  // follow from them, as in the demo data (without them an auction with bids had no leader).
  await backfillAuctionLeaders(db);
  await placeSweepCursor(db);
  return {
    products: options.count,
    bids: totalBids,
    images: totalImages,
    bottlings: planned.bottlings.length,
    results: resultCount,
    linked: totalLinks,
    attributeValues: totalValues,
    elapsedMs: Date.now() - started,
    finishMs,
  };
}

/** The number of products in the database (for the CLI summary). */
export async function productCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.products);
  return row.n;
}
