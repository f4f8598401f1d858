import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { rowsOf } from "../rows.ts";
import { seedDemoIfEmpty } from "./index.ts";

/**
 * The demo's collector data (issue 37): its bottlings have repeat sales, so the demo's price index
 * moves and a bottling's page shows results, a monthly chart and the demo listings on sale.
 */
let api: TestApi;
let dataDir: string;

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-demo-collector-"));
  await seedDemoIfEmpty(api.db, { dataDir, logger: createLogger("silent") });
}, 240_000);

afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo's bottlings and results", () => {
  it("freezes a price index of the whole market that is not flat", async () => {
    const levels = await api.services.saleResults.indexLevels(null);
    expect(levels.length).toBeGreaterThanOrEqual(24);
    expect(new Set(levels.map((point) => point.level)).size).toBeGreaterThan(10);
    expect(levels.some((point) => !point.carried && point.pairs > 0)).toBe(true);
  });

  it("shows a bottling's results with a monthly chart, and demo listings linked to bottlings on sale", async () => {
    const [top] = rowsOf<{ id: number; n: number }>(
      await api.db.execute(sql`
        select bottling_id as id, count(*)::int as n from sale_results
        where bottling_id is not null group by bottling_id order by count(*) desc, bottling_id limit 1`),
    );
    expect(Number(top.n)).toBeGreaterThan(5);
    const answer = await api.services.bottlings.page(Number(top.id), "en");
    if (answer?.kind !== "page") throw new Error("no page");
    expect(answer.page.results.length).toBeGreaterThan(5);
    const charted = answer.page.pricePoints.reduce((sum, point) => sum + point.count, 0);
    expect(charted).toBe(Number(top.n));
    const [onSale] = rowsOf<{ n: number }>(
      await api.db.execute(sql`
        select count(*)::int as n from bottling_links l join products p on p.id = l.product_id
        where p.status = 'active'`),
    );
    expect(Number(onSale.n)).toBeGreaterThan(5);
  });
});
