import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createObjectStorage, STORAGE_ENV, storageConfig } from "#server/adapters/storage/index.ts";
import { createLogger } from "#server/logger.ts";
import { openDatabase } from "../client.ts";
import { DataDirLockedError } from "../data-dir-lock.ts";
import { defaultBottlings, defaultResults, productCount, seedLargeCatalogue } from "./bulk.ts";
import { freezeLoadedIndex } from "./bulk-results.ts";
import { seedDemoIfEmpty } from "./index.ts";

/**
 * `npm run seed:large -- --products 100000 [--bottlings N] [--results N] [--data-dir DIR] [--batch 2000] [--writers 2]`
 * Opens the database as the server does (PostgreSQL when DATABASE_URL is set, otherwise the
 * embedded one in the data directory), makes sure the demo data exists, then adds N products in
 * batches of JSON rows (bulk.ts) with their attribute values and bottling links, the bottlings
 * (default N / 20), and an archive of sold auctions with their results (default 2 × N,
 * bulk-results.ts), then freezes the price index's closed months as its nightly job would. From
 * 20 000 products on, the load runs without the triggers and secondary indexes and rebuilds them
 * at the end (1 000 000 products in minutes, not hours): stop the server first, whichever
 * database it uses.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "100000" },
      bottlings: { type: "string" },
      /** Load without freezing the price index (`--index-only` does it later, timed on its own). */
      "skip-index": { type: "boolean", default: false },
      "index-only": { type: "boolean", default: false },
      results: { type: "string" },
      "data-dir": { type: "string" },
      batch: { type: "string", default: "2000" },
      writers: { type: "string", default: "2" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      "Usage: node server/db/seed/large.ts --products N [--bottlings N/20] [--results 2N] [--skip-index | --index-only] [--data-dir DIR] [--batch 2000] [--writers 2]\n",
    );
    return;
  }
  const count = Number(values.products);
  const batchSize = Number(values.batch);
  const bottlings = values.bottlings === undefined ? defaultBottlings(count) : Number(values.bottlings);
  const results = values.results === undefined ? defaultResults(count) : Number(values.results);
  if (!Number.isInteger(bottlings) || bottlings < 0) throw new Error("--bottlings must be a whole number");
  if (!Number.isInteger(results) || results < 0) throw new Error("--results must be a whole number");
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--products must be a positive integer, got ${values.products}`);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 20000)
    throw new Error("--batch must be between 1 and 20000");
  const writers = Number(values.writers);
  if (!Number.isInteger(writers) || writers < 1 || writers > 8)
    throw new Error("--writers must be between 1 and 8");
  const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "./data");
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // The pictures go where the server reads them: DATA_DIR, or the bucket of STORAGE=s3 (ADR 0094).
  const storage = createObjectStorage({
    storage: storageConfig(z.object(STORAGE_ENV).parse(process.env)),
    dataDir,
  });

  const started = Date.now();
  const database = databaseUrl
    ? await openDatabase({ engine: "postgres", url: databaseUrl })
    : await openDatabase({ engine: "pglite", dataDir });
  try {
    process.stdout.write(
      `Database: ${database.engine === "pglite" ? `embedded (${path.join(dataDir, "db")})` : "PostgreSQL"}\n`,
    );
    if (values["index-only"]) {
      const indexStarted = Date.now();
      const frozen = await freezeLoadedIndex(database.db);
      process.stdout.write(
        `Froze ${frozen} index months in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s.\n`,
      );
      await vacuumAnalyze(database);
      return;
    }
    const demoStarted = Date.now();
    await seedDemoIfEmpty(database.db, {
      dataDir,
      storage,
      logger: createLogger("warn"),
      collectorData: false,
    });
    process.stdout.write(
      `Demo data ready in ${((Date.now() - demoStarted) / 1000).toFixed(1)} s; adding ${count} products, ` +
        `${bottlings} bottlings, ${results} results...\n`,
    );
    const result = await seedLargeCatalogue(database.db, {
      count,
      bottlings,
      results,
      dataDir,
      storage,
      batchSize,
      writers,
      onProgress: ({ products, bids, results: sold, elapsedMs }) => {
        const rate = Math.round((products + sold) / Math.max(0.001, elapsedMs / 1000));
        process.stdout.write(
          `  ${products}/${count} products, ${bids} bids, ${sold}/${results} results, ` +
            `${(elapsedMs / 1000).toFixed(1)} s (${rate} rows/s)\n`,
        );
      },
    });
    process.stdout.write(
      `Added ${result.products} products, ${result.bids} bids, ${result.attributeValues} attribute values, ` +
        `${result.bottlings} bottlings, ${result.linked} bottling links, ${result.results} results ` +
        `in ${(result.elapsedMs / 1000).toFixed(1)} s (of it ${(result.finishMs / 1000).toFixed(1)} s ` +
        "rebuilding indexes, vocabulary and counts).\n",
    );
    const indexStarted = Date.now();
    const frozen = values["skip-index"] ? 0 : await freezeLoadedIndex(database.db);
    const total = await productCount(database.db);
    process.stdout.write(
      `Froze ${frozen} index months in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s ` +
        `(total ${((Date.now() - started) / 1000).toFixed(1)} s, ${cpuSeconds()} s of this process's CPU); ` +
        `the catalogue now has ${total} products.\n`,
    );
    await vacuumAnalyze(database);
  } finally {
    await database.close();
  }
}

/**
 * VACUUM ANALYZE of the whole database, as autovacuum would do some minutes after the load: the
 * planner's statistics of every table the load wrote and the visibility map its index-only scans
 * need. Where autovacuum is off (CI's PostgreSQL) or has not come yet, the bids were planned as a
 * table of a few hundred rows (a product page's bids read through the whole primary key, 12 ms
 * instead of 0.1) and a seller's count of listings visited 2 255 heap pages (6 ms instead of 0.4).
 */
async function vacuumAnalyze(database: Awaited<ReturnType<typeof openDatabase>>) {
  const started = Date.now();
  await database.exec("vacuum analyze");
  process.stdout.write(`Vacuumed and analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

/** User and system CPU of this process: the embedded database's whole work, the client's with PostgreSQL. */
function cpuSeconds(): string {
  const { user, system } = process.cpuUsage();
  return ((user + system) / 1e6).toFixed(1);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `seed:large failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
