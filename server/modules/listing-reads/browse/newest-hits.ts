import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { databaseKey } from "#server/db/database-key.ts";
import { ID_BUCKET, idRangeQuery } from "#server/db/id-buckets.ts";
import { type Cache, caches, keptOrRead } from "#server/lib/cache.ts";
import { ID_BUCKETS, rowsOf } from "./sql-parts.ts";

/**
 * The newest hits of a search (ADR 0038, ADR 0045): `order by p.id desc limit N` over a full-text
 * match, read so that its cost follows N rather than the catalogue. PostgreSQL itself has two ways:
 * fetch every hit from the GIN bitmap and sort them (grows with the hits: 9 398 rows for "zacapa"
 * at 1 000 000 products), or walk the primary key backwards checking each row (grows with the rows
 * between hits: some 110 000 for "zacapa"). A third way is taken here: first only the newest ids,
 * as many as should hold the N hits by the planner's estimate of the hits, then wider stretches,
 * then the rest. Each stretch is its own branch of a UNION ALL, so the planner picks per stretch
 * between a walk (a common word) and the search index's bitmap of the stretch's hits (its words
 * and its ids' buckets in one scan, ADR 0143), and a branch after the limit is reached is never
 * started. (A block range index of ids served the stretches before: once rows are updated they no
 * longer lie in the order of their ids, and at 1 000 000 listings it narrowed nothing.)
 */

/** How much wider than the estimate says the first stretch of ids is: room for its error. */
const MARGIN = 1.25;
/**
 * Where the stretches end, in widths of the first: the second is half as wide again (an estimate
 * a little too high, as for a typo's stand-ins, lacks a few dozen hits: a whole second stretch
 * fetched 907 hits for 37), the third reaches three widths back, the last is everything older.
 */
const CUTS = [1, 1.5, 3];

/**
 * The planner's estimate of a match's rows, and the largest product id: where stretches start.
 * `buckets`: each stretch's hits are found in the live search index by their ids' buckets too.
 */
export type HitEstimate = { hits: number; maxId: number; buckets?: boolean };

/** The "Plan Rows" of `explain (format json)`, whichever way the driver hands the json over. */
function planRows(value: unknown): number | null {
  const plan = typeof value === "string" ? JSON.parse(value) : value;
  const rows = Array.isArray(plan) ? plan[0]?.Plan?.["Plan Rows"] : undefined;
  return typeof rows === "number" && Number.isFinite(rows) ? rows : null;
}

/**
 * The largest product id, of the searchable (live) products when the search finds only those,
 * kept a minute per database: one statement fewer per search and per keystroke. A stale value is
 * harmless: the first stretch has no upper bound, so products added since fall into it (they are
 * the newest), and the stretches are only a little off. The live ones' own: at 1 000 000 listings
 * the 2 000 000 results (sold, ADR 0101) hold the newest ids, and stretches sized from the largest
 * id of all held no live hit, leaving a walk of the whole index (150 ms for "zakapa").
 */
const KEPT_MS = 60_000;
const maxIds = new WeakMap<Db, Map<boolean, { maxId: number; at: number }>>();

async function largestId(db: Db, live: boolean): Promise<number> {
  const kept = maxIds.get(db)?.get(live);
  if (kept && Date.now() - kept.at < KEPT_MS) return kept.maxId;
  // The searchable products' partial index (products_searchable_id_idx) answers the live one.
  const where = live ? sql`where status = 'active' and demoted_at is null` : sql``;
  const result = await db.execute(sql`select max(id) as max_id from products ${where}`);
  const maxId = Number(rowsOf(result)[0]?.max_id ?? 0);
  maxIds.set(db, (maxIds.get(db) ?? new Map()).set(live, { maxId, at: Date.now() }));
  return maxId;
}

/**
 * The planner's estimate of how many live products `where` matches (`explain`, planning only:
 * well under a millisecond; the column's statistics know each word's frequency, ADR 0038), and the
 * largest id (of the live products, unless `live` is false: `where` finds other statuses too).
 * null when either is unknown (an empty table): the caller reads the plain way. `buckets`: the
 * stretches may use the live search index's buckets of ids (a live search of whole words only,
 * ADR 0143).
 */
export async function estimateHits(
  db: Db,
  where: SQL,
  live = true,
  buckets = false,
): Promise<HitEstimate | null> {
  const [hits, maxId] = await Promise.all([plannedRows(db, where), largestId(db, live)]);
  return hits !== null && maxId > 0 ? { hits, maxId, buckets: live && buckets } : null;
}

/**
 * The planner's estimates of the searches asked lately, a minute each (ADR 0141): an estimate only
 * sizes the stretches, whose rows are the same either way, so a minute-old one costs a little
 * precision and saves each search and keystroke a statement.
 */
let estimates: Cache<string, Promise<number | null>> | undefined;
const dialect = new PgDialect();

export function plannedRows(db: Db, where: SQL): Promise<number | null> {
  estimates ??= caches.create({
    name: "listing-reads.hit-estimates",
    maxEntries: 1000,
    ttlMs: KEPT_MS,
  });
  const query = dialect.sqlToQuery(where);
  return keptOrRead(
    estimates,
    `${databaseKey(db)}\n${query.sql}\n${JSON.stringify(query.params)}`,
    async () => {
      const first = rowsOf(
        await db.execute(sql`explain (format json) select 1 from products p where ${where}`),
      )[0];
      return first ? planRows(Object.values(first)[0]) : null;
    },
  );
}

/**
 * Where the stretches of ids end (newest first), or null when the hits are read at once: no
 * estimate, or few hits (the first stretch would cover a quarter of the ids or more, fewer than
 * 5 × the limit): fetching them all from the bitmap costs no more than stretches ("camacho",
 * 2 634 hits at 1M: 10 ms plain against 14 by stretches), and plans one branch instead of four.
 */
export function stretchBounds(limit: number, estimate: HitEstimate | null, grid = 1): number[] | null {
  if (!estimate || estimate.hits <= 0) return null;
  const { hits, maxId } = estimate;
  const span = Math.ceil((MARGIN * limit * maxId) / hits);
  if (span * 4 >= maxId) return null;
  const bounds = CUTS.map((cut) => Math.floor((maxId - Math.ceil(span * cut)) / grid) * grid);
  const kept = [...new Set(bounds.filter((bound) => bound > 0))];
  return kept.length ? kept : null;
}

/**
 * How far beyond the largest id (kept a minute) the first stretch's buckets reach: products added
 * since fall into it. 2^20 ids: more than 17 000 listings a second for that minute.
 */
const NEWER_ROOM = 2 ** 20;

/**
 * `select <columns> from products p where <where> order by p.id desc limit <limit>`, as stretches
 * of ids when the hits are many enough for that to pay (see above). The rows are the same either
 * way: the stretches are disjoint and newest first, so the first `limit` rows of their UNION ALL
 * are the newest `limit` hits (the Append runs its branches in order and stops at the limit).
 * A live search of whole words (`estimate.buckets`) also matches each stretch's buckets of ids
 * (its bounds put on their grid), so that the search index finds the stretch's hits itself
 * (ADR 0143); the exact bounds stay.
 */
export function newestHits(
  columns: SQL,
  where: SQL,
  limit: number,
  estimate: HitEstimate | null,
  literal = false,
): SQL {
  // `literal`: the bounds, buckets and limits in the text, so that a generic plan knows them (ADR 0057).
  const query = (text: string) => (literal ? sql.raw(`'${text.replace(/'/g, "''")}'`) : sql`${text}`);
  const plain = (range: SQL, after = 0, upTo = 0) => {
    const buckets = estimate?.buckets ? idRangeQuery(after, upTo) : null;
    const within = buckets ? sql` and ${ID_BUCKETS} @@ ${query(buckets)}::tsquery` : sql``;
    return sql`select ${columns} from products p where ${where} and ${range}${within} order by p.id desc limit ${literal ? sql.raw(String(limit)) : limit}`;
  };
  const bounds = stretchBounds(limit, estimate, estimate?.buckets ? ID_BUCKET : 1);
  if (!estimate || !bounds) return plain(sql`true`);
  const id = (bound: number) => (literal ? sql.raw(String(Math.trunc(bound))) : sql`${bound}`);
  const branches = bounds.map((bound, index) =>
    index === 0
      ? plain(sql`p.id > ${id(bound)}`, bound, estimate.maxId + NEWER_ROOM)
      : plain(sql`p.id <= ${id(bounds[index - 1])} and p.id > ${id(bound)}`, bound, bounds[index - 1]),
  );
  const oldest = bounds[bounds.length - 1];
  branches.push(plain(sql`p.id <= ${id(oldest)}`, 0, oldest));
  return sql`select * from (${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union all `,
  )}) newest limit ${literal ? sql.raw(String(limit)) : limit}`;
}
