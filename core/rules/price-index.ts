/**
 * The Rarita price index (issue 37, item 5; docs/product/price-index.md): a monthly, chain-linked
 * repeat-sales index per category and for the whole market, from the results of one bottling sold
 * more than once. Pure: the durable job (server/modules/sale-results/index-job.ts) hands it the
 * month's sales, the earlier sales of the same bottlings and the frozen levels of earlier months.
 *
 * The method, for a month m of a scope (a category's branch, or the whole market):
 *  1. each bottling's price in a month is the median of its results in that month;
 *  2. a pair is a bottling sold in m and in an earlier month; its earlier month p is the latest
 *     one with a result of it before m;
 *  3. the pair's estimate of m's level is I(p) × price(m) / price(p): the level its earlier sale
 *     stood at, moved by the bottling's own change since;
 *  4. I(m) is the median of the estimates, taken in logarithms (with an even count: the geometric
 *     mean of the two middle ones), rounded to hundredths;
 *  5. with fewer than MIN_PAIRS pairs, I(m) = I(m − 1), carried forward and marked as such.
 * The first month with any result of the scope is the base month: 100. Levels are kept in
 * hundredths (10350 = 103.50) and the chain goes on from the stored, rounded levels, so a month
 * computed from frozen earlier months is exactly what a later recomputation would give.
 */

/** Fewer pairs than this in a month: the level is carried forward from the month before. */
export const MIN_PAIRS = 3;

/** The base level, in hundredths (100.00). */
export const BASE_LEVEL = 10_000;

/** A calendar month as `YYYY-MM` (Prague time). */
export type MonthKey = string;

/** One result that the index reads: a bottling's sale in a month, at a price (minor units). */
export type IndexSale = { bottlingId: number; month: MonthKey; priceMinor: number };

/** One month's level: in hundredths, with the pairs it was computed from and whether it was carried. */
export type IndexLevel = { month: MonthKey; level: number; pairs: number; carried: boolean };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month after `month`. */
export function nextMonth(month: MonthKey): MonthKey {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]);
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
}

/** The months from `first` to `last`, both included (none when last is before first). */
export function monthsBetween(first: MonthKey, last: MonthKey): MonthKey[] {
  const months: MonthKey[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}

/** The median of numbers (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each bottling's median price per month. */
function monthlyPrices(sales: readonly IndexSale[]): Map<number, Map<MonthKey, number>> {
  const grouped = new Map<number, Map<MonthKey, number[]>>();
  for (const sale of sales) {
    if (!(sale.priceMinor > 0)) continue;
    const months = grouped.get(sale.bottlingId) ?? new Map<MonthKey, number[]>();
    months.set(sale.month, [...(months.get(sale.month) ?? []), sale.priceMinor]);
    grouped.set(sale.bottlingId, months);
  }
  const prices = new Map<number, Map<MonthKey, number>>();
  for (const [bottlingId, months] of grouped)
    prices.set(bottlingId, new Map([...months].map(([month, list]) => [month, median(list)])));
  return prices;
}

/**
 * The level of `month`, from the sales of the bottlings sold in it (with their earlier sales; later
 * ones are ignored) and the levels of the earlier months (all of them from the base month on, the
 * month before `month` included). Throws when the month before has no level: the chain has a gap.
 */
export function monthLevel(
  month: MonthKey,
  sales: readonly IndexSale[],
  earlier: ReadonlyMap<MonthKey, IndexLevel>,
): IndexLevel {
  const previous = [...earlier.keys()].filter((key) => key < month).sort();
  if (previous.length === 0) return { month, level: BASE_LEVEL, pairs: 0, carried: false };
  const before = earlier.get(previous[previous.length - 1]);
  if (!before || nextMonth(before.month) !== month) throw new Error(`the index has no level before ${month}`);
  const logs: number[] = [];
  for (const months of monthlyPrices(sales.filter((sale) => sale.month <= month)).values()) {
    const now = months.get(month);
    if (now === undefined) continue;
    const prior = [...months.keys()].filter((key) => key < month).sort();
    const last = prior[prior.length - 1];
    const level = last === undefined ? undefined : earlier.get(last);
    if (last === undefined || !level) continue;
    logs.push(Math.log((level.level * now) / (months.get(last) as number)));
  }
  if (logs.length < MIN_PAIRS) return { month, level: before.level, pairs: logs.length, carried: true };
  return { month, level: Math.round(Math.exp(median(logs))), pairs: logs.length, carried: false };
}

/**
 * The whole series of a scope from its sales, from the first month with a sale to `through`
 * (each month exactly as monthLevel computes it, one after the other). Empty without sales.
 */
export function indexSeries(sales: readonly IndexSale[], through: MonthKey): IndexLevel[] {
  const first = sales.reduce<MonthKey | null>(
    (min, sale) => (min === null || sale.month < min ? sale.month : min),
    null,
  );
  if (first === null) return [];
  const levels = new Map<MonthKey, IndexLevel>();
  for (const month of monthsBetween(first, through)) levels.set(month, monthLevel(month, sales, levels));
  return [...levels.values()];
}

/** A level in hundredths as the number people read (103.5). */
export const levelValue = (level: number) => level / 100;
