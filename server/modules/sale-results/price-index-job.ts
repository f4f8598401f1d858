import { asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import {
  type IndexLevel,
  type IndexSale,
  type MonthKey,
  monthLevel,
  nextMonth,
} from "#core/rules/price-index.ts";
import { fromPragueWallClock, PRAGUE_TIME_ZONE, toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import type { SaleResultsPorts } from "./contracts.ts";
import { priceIndexLevels, saleResults } from "./tables.ts";

/** A month is frozen only this long after its close: late results of its last day are in by then. */
export const FREEZE_GRACE_MS = 24 * 3600_000;

/** The Prague month of an instant. */
export function monthOf(instant: Date): MonthKey {
  const wall = toPragueWallClock(instant);
  return `${wall.year}-${String(wall.month).padStart(2, "0")}`;
}

/** The first instant of a Prague month. */
export function monthStart(month: MonthKey): Date {
  const [year, index] = month.split("-").map(Number);
  return fromPragueWallClock({ year, month: index, day: 1, hour: 0, minute: 0 });
}

/** The last month that may be frozen at `now` (its close and the grace are past). */
export function lastClosedMonth(now: Date): MonthKey {
  const month = monthOf(now);
  const previous = monthOf(new Date(monthStart(month).getTime() - 1));
  return now.getTime() - monthStart(month).getTime() >= FREEZE_GRACE_MS
    ? previous
    : monthOf(new Date(monthStart(previous).getTime() - 1));
}

/** A scope: the whole market (null) or a category with its branch. */
type Scope = { categoryId: number | null; branch: number[] | null };

const inScope = (scope: Scope): SQL =>
  scope.branch
    ? sql`r.category_id in (${sql.join(
        scope.branch.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql`true`;

/** Every category with a result in its branch (the result's category and its ancestors), with its branch. */
async function scopes(db: Db, ports: SaleResultsPorts): Promise<Scope[]> {
  const categories = await ports.categoryNames(db);
  const parent = new Map(categories.map((row) => [row.id, row.parentId]));
  const used = rowsOf<{ category_id: number }>(
    await db.execute(sql`select distinct category_id from ${saleResults}`),
  );
  const branches = new Map<number, Set<number>>();
  for (const { category_id } of used) {
    let id: number | null | undefined = Number(category_id);
    for (let guard = 0; id !== null && id !== undefined && guard < 10; guard++) {
      branches.set(id, (branches.get(id) ?? new Set()).add(Number(category_id)));
      id = parent.get(id);
    }
  }
  return [
    { categoryId: null, branch: null },
    ...[...branches].map(([categoryId, leaves]) => ({ categoryId, branch: [...leaves] })),
  ];
}

async function frozenLevels(db: Db, categoryId: number | null): Promise<Map<MonthKey, IndexLevel>> {
  const rows = await db
    .select()
    .from(priceIndexLevels)
    .where(
      categoryId === null ? isNull(priceIndexLevels.categoryId) : eq(priceIndexLevels.categoryId, categoryId),
    )
    .orderBy(asc(priceIndexLevels.month));
  return new Map(
    rows.map((row) => [
      row.month,
      { month: row.month, level: row.level, pairs: row.pairs, carried: row.carried },
    ]),
  );
}

/**
 * The month's sales of bottlings sold in it, with their sales in each one's latest earlier month
 * (in the scope): all that core/rules/price-index.ts reads of a pair. Older sales never change a
 * level, and reading them made each month cost the whole archive's repeat sales (2 000 000
 * results: most of them, every month, every scope); each bottling's latest earlier sale is one
 * step back in sale_results_bottling_idx.
 */
async function monthSales(db: Db, scope: Scope, month: MonthKey): Promise<IndexSale[]> {
  const start = monthStart(month).toISOString();
  const end = monthStart(nextMonth(month)).toISOString();
  const rows = rowsOf<{ bottling_id: number; price_minor: string | number; sold_at: string | Date }>(
    await db.execute(sql`
      with sold as materialized (
        select distinct r.bottling_id from ${saleResults} r
        where r.bottling_id is not null and r.sold_at >= ${start}::timestamptz and r.sold_at < ${end}::timestamptz
          and ${inScope(scope)}
      )
      select x.bottling_id, x.price_minor, x.sold_at from sold s
      cross join lateral (
        select coalesce(date_trunc('month', max(r.sold_at), ${PRAGUE_TIME_ZONE}), ${start}::timestamptz) as from_at
        from ${saleResults} r
        where r.bottling_id = s.bottling_id and r.sold_at < ${start}::timestamptz and ${inScope(scope)}
      ) since
      cross join lateral (
        -- offset 0: one index range per bottling; flattened, the planner hashed the whole archive.
        select r.bottling_id, r.price_minor, r.sold_at from ${saleResults} r
        where r.bottling_id = s.bottling_id and r.sold_at >= since.from_at and r.sold_at < ${end}::timestamptz
          and ${inScope(scope)}
        offset 0
      ) x`),
  );
  return rows.map((row) => ({
    bottlingId: Number(row.bottling_id),
    priceMinor: Number(row.price_minor),
    month: monthOf(new Date(row.sold_at)),
  }));
}

async function firstMonth(db: Db, scope: Scope): Promise<MonthKey | null> {
  const [row] = rowsOf<{ first: string | Date | null }>(
    await db.execute(sql`select min(r.sold_at) as first from ${saleResults} r where ${inScope(scope)}`),
  );
  return row?.first ? monthOf(new Date(row.first)) : null;
}

/**
 * Freezes every closed month of a scope not frozen yet, in order, each from the frozen months before
 * it (core/rules/price-index.ts). A frozen month is never computed again or changed: the chain goes
 * on after the last frozen month, and a concurrent run's insert of the same month wins (do nothing).
 */
async function freezeScope(db: Db, scope: Scope, through: MonthKey): Promise<number> {
  const levels = await frozenLevels(db, scope.categoryId);
  const last = [...levels.keys()].at(-1);
  let month = last ? nextMonth(last) : await firstMonth(db, scope);
  let frozen = 0;
  for (; month && month <= through; month = nextMonth(month)) {
    const level = monthLevel(month, await monthSales(db, scope, month), levels);
    const inserted = await db
      .insert(priceIndexLevels)
      .values({ categoryId: scope.categoryId, ...level })
      .onConflictDoNothing()
      .returning({ id: priceIndexLevels.id });
    if (inserted.length === 0) return frozen + (await freezeScope(db, scope, through));
    levels.set(month, level);
    frozen += 1;
  }
  return frozen;
}

/** The index job: every scope's closed months not frozen yet. Returns how many months were frozen. */
export async function freezeIndexMonths(db: Db, ports: SaleResultsPorts, now: Date): Promise<number> {
  const through = lastClosedMonth(now);
  let frozen = 0;
  for (const scope of await scopes(db, ports)) frozen += await freezeScope(db, scope, through);
  return frozen;
}
