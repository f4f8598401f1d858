import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResultsQuery } from "#core/schemas/results.ts";
import { createLogger } from "#server/logger.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { rowsOf } from "../rows.ts";
import * as t from "../schema.ts";
import { seedLargeCatalogue } from "./bulk.ts";
import { freezeLoadedIndex } from "./bulk-results.ts";
import { seedDemoIfEmpty } from "./index.ts";

/**
 * The bulk seed's collector data (issue 37, item 7) as the pages read it, at a small size on the
 * test database: the listings' attributes in the category page's facets, the archive's results in
 * its search and on a bottling's page, the sweep's cursor past the loaded archive, and the price
 * index's frozen months.
 */
let api: TestApi;
let dataDir: string;
let loaded: Awaited<ReturnType<typeof seedLargeCatalogue>>;

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bulk-collector-"));
  await seedDemoIfEmpty(api.db, { dataDir, logger: createLogger("silent"), collectorData: false });
  loaded = await seedLargeCatalogue(api.db, {
    count: 300,
    bottlings: 40,
    results: 500,
    dataDir,
    fast: false,
  });
}, 240_000);

afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const whiskyId = async () => {
  const [row] = await api.db
    .select({ id: t.categories.id })
    .from(t.categories)
    .where(eq(t.categories.slugCs, "whisky"));
  return row.id;
};

describe("seedLargeCatalogue's collector data", () => {
  it("gives the bulk spirits attribute values that a category page's facets count and filter by", async () => {
    expect(loaded.attributeValues).toBeGreaterThan(300);
    const categoryId = await whiskyId();
    const listing = (attributes?: { key: string; values?: string[]; min?: number; max?: number }[]) =>
      api.services.catalog.listingPage({ locale: "cs", categoryId, attributes });
    const { facets } = await listing();
    const kinds = facets.attributes?.find((facet) => facet.key === "bottler_kind")?.values ?? [];
    expect(kinds.length).toBeGreaterThan(0);
    expect(facets.attributes?.find((facet) => facet.key === "age_years")?.range?.max).toBeGreaterThan(10);
    // Each value's filtered page lists as many listings as the facet promised.
    for (const kind of kinds) {
      expect(kind.count).toBeGreaterThan(0);
      const filtered = await listing([{ key: "bottler_kind", values: [kind.value] }]);
      expect(filtered.page.total).toBe(kind.count);
    }
  });

  it("puts the archive's results in its search, with prices and fill levels", async () => {
    expect(loaded.results).toBe(500);
    const page = await api.services.saleResults.archive(
      parseResultsQuery(new URLSearchParams({ q: "glen" })),
      {
        locale: "cs",
        categoryIds: null,
      },
    );
    const [{ n }] = rowsOf<{ n: number }>(
      await api.db.execute(sql`select count(*)::int as n from sale_results where search_text ~ '(^| )glen'`),
    );
    expect(n).toBeGreaterThan(0);
    expect(page.total).toBe(Number(n));
    expect(page.rows.every((row) => /glen/i.test(row.name))).toBe(true);
    const [fills] = rowsOf<{ levels: number }>(
      await api.db.execute(sql`select count(distinct fill_level)::int as levels from sale_results`),
    );
    expect(Number(fills.levels)).toBeGreaterThan(3);
  });

  it("shows a popular bottling's results and price points on its page", async () => {
    const [top] = rowsOf<{ bottling_id: number; n: number }>(
      await api.db.execute(sql`
        select bottling_id, count(*)::int as n from sale_results where bottling_id is not null
        group by bottling_id order by count(*) desc limit 1`),
    );
    expect(Number(top.n)).toBeGreaterThan(10);
    const answer = await api.services.bottlings.page(Number(top.bottling_id), "cs");
    expect(answer?.kind).toBe("page");
    if (answer?.kind !== "page") return;
    expect(answer.page.results).toHaveLength(Math.min(50, Number(top.n)));
    expect(answer.page.pricePoints.length).toBeGreaterThan(10);
    expect(answer.page.attributes.length).toBeGreaterThan(2);
  });

  it("leaves the sweep only the sold auctions without a result, and nothing twice", async () => {
    const [{ missing }] = rowsOf<{ missing: number }>(
      await api.db.execute(sql`
        select count(*)::int as missing from products p
        where p.format = 'auction' and p.status = 'sold' and p.ended_at is not null
          and not exists (select 1 from sale_results r where r.product_id = p.id)`),
    );
    const [cursor] = await api.db
      .select()
      .from(t.saleResultCursors)
      .where(eq(t.saleResultCursors.source, "auctions"));
    const [{ last }] = rowsOf<{ last: string }>(
      await api.db.execute(sql`select max(sold_at) as last from sale_results`),
    );
    // The loaded archive lies behind the cursor: the first sweep does not read it again.
    expect(cursor.at.getTime()).toBeGreaterThan(new Date(last).getTime());
    expect(await api.services.saleResults.sweep()).toBe(Number(missing));
    expect(await api.services.saleResults.sweep()).toBe(0);
    const [{ twice }] = rowsOf<{ twice: number }>(
      await api.db.execute(sql`
        select count(*)::int as twice from (
          select product_id from sale_results group by product_id having count(*) > 1) d`),
    );
    expect(Number(twice)).toBe(0);
  });

  it("gives the price index frozen months computed by its job, with repeat-sale pairs", async () => {
    expect(await freezeLoadedIndex(api.db)).toBeGreaterThan(0);
    const levels = await api.services.saleResults.indexLevels(null);
    expect(levels.length).toBeGreaterThan(100);
    expect(levels.some((level) => !level.carried && level.pairs >= 3)).toBe(true);
    // Computed once: a second run freezes nothing more.
    expect(await freezeLoadedIndex(api.db)).toBe(0);
    const links = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.bottlingLinks)
      .where(and(sql`${t.bottlingLinks.announcedAt} is null`));
    expect(links[0].n).toBe(0);
    // Ten years of months per scope, twice: on PostgreSQL under a loaded CI machine well over 30 s.
  }, 180_000);
});
