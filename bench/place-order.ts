/**
 * Placing shop orders (issue 16; not part of `npm test`): orders per second and the latency of one
 * order (p50, p95, p99) with 50 concurrent buyers of one product with plenty of stock. Every order
 * takes the product's row in its transaction (the conditional stock UPDATE of
 * server/modules/listings/stock.ts), so this measures the serialised part of selling one popular
 * bottle: the stock, the order with its lines, and its confirmation mail queued as a job.
 *
 * It calls the functions the shop's checkout calls (listings' reserveStock, then the payments
 * service's placeShopOrder, in one transaction), not the HTTP API: the cart's reads and the page
 * around them are left out. Beside it, in the same run, the same buyers run a reference: a
 * transaction that only takes one piece from the same row, the floor any order of that product
 * pays for the row lock and the commit.
 *
 *   node bench/place-order.ts [--buyers 50] [--seconds 10] [--warmup 2]
 *   DATABASE_URL=postgres://…/rarita_bench_orders node bench/place-order.ts …   (a fresh, empty database)
 *
 * The embedded engine runs on a new temporary data directory, removed afterwards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { MailTransport } from "#server/adapters/mail.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { reserveStock } from "#server/modules/listings/index.ts";
import type { ShopOrderInput } from "#server/modules/orders/index.ts";
import { createServices } from "#server/services.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";

const { values } = parseArgs({
  options: {
    buyers: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
  },
});
const buyerCount = Number(values.buyers);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const databaseUrl = process.env.DATABASE_URL ?? "";
const engine = databaseUrl ? "PostgreSQL" : "PGlite";
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-orders-"));
const database = databaseUrl
  ? await openDatabase({ engine: "postgres", url: databaseUrl })
  : await openDatabase({ engine: "pglite", dataDir });
const logger = createLogger("silent");
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
// Mails are queued as jobs in the order's transaction, as in the server; nothing delivers them here.
const mailTransport: MailTransport = { kind: "outbox", deliver: async () => {} };
const jobs = createJobRunner({ database, logger, background: false });
const services = createServices({ database, config, logger, jobs, mailTransport });
await jobs.start();

const category = await insertCategory(database.db);
const PRICE = 129_000;
const product = await insertProduct(database.db, {
  categoryId: category.id,
  stock: 10_000_000,
  priceMinor: PRICE,
});

function orderOf(buyer: number): ShopOrderInput {
  const address = {
    name: `Kupující ${buyer}`,
    street: "Vinohradská 12",
    city: "Praha",
    zip: "120 00",
    countryCode: "CZ",
    isCompany: false,
    company: "",
    companyId: "",
    taxId: "",
  };
  return {
    userId: null,
    email: `kupec${buyer}@rarita.test`,
    phone: "+420777123456",
    locale: "cs",
    lines: [{ productId: product.id, description: "Rum", quantity: 1, unitPriceMinor: PRICE, taxRate: 21 }],
    carrier: "ppl",
    payment: "bank_transfer",
    itemsMinor: PRICE,
    groupDiscountMinor: 0,
    voucher: null,
    voucherDiscountMinor: 0,
    deliveryMinor: 0,
    paymentFeeMinor: 0,
    totalMinor: PRICE,
    deliveryAddress: address,
    invoiceAddress: address,
    note: "",
    termsAcceptedAt: new Date(),
    reservedUntil: new Date(Date.now() + 72 * 3_600_000),
  };
}

/** The checkout's binding click: the piece and the order in one transaction. */
async function placeOrder(buyer: number) {
  await database.db.transaction(async (tx) => {
    const line = [{ productId: product.id, quantity: 1, unitPriceMinor: PRICE }];
    const stock = await reserveStock(tx, line);
    if (!stock.ok) throw new Error(`stock refused: ${stock.problem}`);
    const placed = await services.orders.placeShopOrder(tx, orderOf(buyer));
    if (!placed.ok) throw new Error("order refused");
  });
}

/** The reference: only the piece, taken and committed. */
async function takePiece() {
  await database.db.transaction(async (tx) => {
    const stock = await reserveStock(tx, [{ productId: product.id, quantity: 1, unitPriceMinor: PRICE }]);
    if (!stock.ok) throw new Error(`stock refused: ${stock.problem}`);
  });
}

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};

/**
 * `buyerCount` loops running `step` back to back: warm-up, then `seconds` measured (the transactions
 * that end in them: their count per second, and how long each took from its start). The loops read
 * the clock instead of waiting for a timer: PGlite answers in microtasks, and a timer would not
 * fire while 50 loops keep it busy.
 */
async function measure(name: string, step: (buyer: number) => Promise<void>) {
  const measureFrom = performance.now() + warmup * 1000;
  const measureTo = measureFrom + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const loops = Array.from({ length: buyerCount }, async (_, buyer) => {
    for (let started = performance.now(); started < measureTo; started = performance.now()) {
      try {
        await step(buyer);
      } catch {
        failures += 1;
        continue;
      }
      // Every transaction that ends in the window counts, however long it waited for the row.
      const ended = performance.now();
      if (ended >= measureFrom && ended <= measureTo) latencies.push(ended - started);
    }
  });
  await Promise.all(loops);
  const row = `| ${name.padEnd(30)} | ${(latencies.length / seconds).toFixed(1).padStart(6)} | ${pct(latencies, 50).toFixed(0).padStart(6)} | ${pct(latencies, 95).toFixed(0).padStart(6)} | ${pct(latencies, 99).toFixed(0).padStart(6)} |`;
  return { row, failures };
}

try {
  console.log(
    `\n${engine}: ${buyerCount} buyers, ${seconds} s after ${warmup} s warm-up; ${os.cpus().length} CPUs`,
  );
  console.log(`load average before: ${loadavg()}`);
  const orders = await measure("place an order (stock + order)", placeOrder);
  const reference = await measure("reference: take a piece only", takePiece);
  console.log("| transaction                    |  per s | p50 ms | p95 ms | p99 ms |");
  console.log("| ------------------------------ | -----: | -----: | -----: | -----: |");
  console.log(orders.row);
  console.log(reference.row);
  console.log(`load average after: ${loadavg()}; failures: ${orders.failures + reference.failures}`);
} finally {
  await jobs.stop();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
