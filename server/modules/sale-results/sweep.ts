import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Cursor, Sale, SaleResultsPorts } from "./contracts.ts";
import { recordSales } from "./record.ts";
import { saleResultCursors } from "./tables.ts";

/** Rows a sweep reads at a time. */
const PAGE = 500;

/**
 * Each sweep reads again this far behind its cursor: a transaction that stamped its row's time
 * before another that committed first is not passed over (reading twice records nothing twice).
 */
export const SWEEP_OVERLAP_MS = 15 * 60_000;

/** The sources the sweep reads: sold auctions (listings) and completed deals (deals). */
export const SWEEP_SOURCES = ["auctions", "deals"] as const;
type Source = (typeof SWEEP_SOURCES)[number];

async function cursorOf(db: Db, source: Source): Promise<Cursor | null> {
  const [row] = await db.select().from(saleResultCursors).where(eq(saleResultCursors.source, source));
  return row ? { at: row.at, id: row.lastId } : null;
}

async function saveCursor(db: Db, source: Source, cursor: Cursor) {
  await db
    .insert(saleResultCursors)
    .values({ source, at: cursor.at, lastId: cursor.id })
    .onConflictDoUpdate({ target: saleResultCursors.source, set: { at: cursor.at, lastId: cursor.id } });
}

async function page(db: Db, ports: SaleResultsPorts, source: Source, after: Cursor | null) {
  if (source === "auctions") {
    const rows = await ports.soldAuctionsAfter(db, after, PAGE);
    const sales: Sale[] = rows.map((row) => ({ ...row, kind: "auction" }));
    const last = rows.at(-1);
    return { sales, next: last ? { at: last.at, id: last.productId } : null, full: rows.length === PAGE };
  }
  const rows = await ports.completedDealsAfter(db, after, PAGE);
  const sales: Sale[] = rows.map((row) => ({
    productId: row.productId,
    kind: "deal",
    priceMinor: row.priceMinor,
    at: row.at,
  }));
  const last = rows.at(-1);
  return { sales, next: last ? { at: last.at, id: last.dealId } : null, full: rows.length === PAGE };
}

/**
 * The sweep (the archive's safety net and its backfill): every sold auction and every completed
 * deal after the source's cursor is recorded, page by page, and the cursor moves past the page
 * only once the page is recorded. A crash repeats a page, which records nothing twice. The first
 * run starts from the beginning: it is the backfill of the results already in the database.
 * An aborted `signal` (the process stops) ends it after the current page: the next run goes on from
 * the cursor. Returns how many results were new.
 */
export async function sweepSales(db: Db, ports: SaleResultsPorts, signal?: AbortSignal): Promise<number> {
  let recorded = 0;
  for (const source of SWEEP_SOURCES) {
    if (signal?.aborted) break;
    const saved = await cursorOf(db, source);
    let after = saved && { at: new Date(saved.at.getTime() - SWEEP_OVERLAP_MS), id: 0 };
    for (;;) {
      const { sales, next, full } = await page(db, ports, source, after);
      recorded += await recordSales(db, ports, sales);
      if (next && (!saved || next.at >= saved.at)) await saveCursor(db, source, next);
      after = next ?? after;
      if (!full || signal?.aborted) break;
    }
  }
  return recorded;
}
