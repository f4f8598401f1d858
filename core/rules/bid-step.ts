/**
 * Bid steps (docs/product/auctions.md, "Bid steps"). The `bid` setting is a list of ranges in whole
 * CZK: `{ min, max (null = open-ended), value, step }`. The range containing a price (min inclusive,
 * max exclusive) gives the minimum bid step `value`; the minimum for a price is the range's `min`.
 * Prices here are integer CZK minor units (haléře) like everywhere else, so results are in minor
 * units too. `step` is carried along but not used for the minimum.
 *
 * A valid table (see validateBidTable) starts at 0, is sorted and contiguous and ends open-ended.
 * On an invalid one the functions still answer predictably: the range with the greatest min not
 * above the price counts (so a gap or a price above a closed last range uses the range below; on
 * equal mins the first listed), and a price below every range uses the lowest one. An empty table throws: no bid can be judged
 * without steps, and guessing one would accept wrong bids.
 */

export type BidRange = { min: number; max: number | null; value: number; step: number };

export type BidTableProblemCode =
  | "not-a-list"
  | "empty"
  | "invalid-entry"
  | "min-not-zero"
  | "max-not-above-min"
  | "not-contiguous"
  | "open-range-not-last"
  | "last-range-closed"
  | "value-not-positive"
  | "step-not-positive";

/** A problem of a bid table; `index` is the offending entry, null for the table as a whole. */
export type BidTableProblem = { index: number | null; code: BidTableProblemCode; message: string };

export type AuctionPrice = {
  /** The current price: the start price until the first bid, then the leading bid. */
  currentPriceMinor: number;
  startPriceMinor: number;
  bidCount: number;
};

const MINOR_PER_CZK = 100;

/** The range that contains the price (see the module comment for invalid tables). */
export function findBidRange(priceMinor: number, table: readonly BidRange[]): BidRange {
  if (table.length === 0) throw new RangeError("The bid step table is empty");
  let found: BidRange | undefined;
  let lowest = table[0];
  for (const range of table) {
    if (range.min < lowest.min) lowest = range;
    if (range.min * MINOR_PER_CZK <= priceMinor && (!found || range.min > found.min)) found = range;
  }
  return found ?? lowest;
}

/** The minimum bid step for a price, in minor units (the range's `value`). */
export function bidStepFor(priceMinor: number, table: readonly BidRange[]): number {
  return findBidRange(priceMinor, table).value * MINOR_PER_CZK;
}

/** The minimum for a price: the lower bound of its range, in minor units. */
export function rangeMinimumFor(priceMinor: number, table: readonly BidRange[]): number {
  return findBidRange(priceMinor, table).min * MINOR_PER_CZK;
}

/**
 * The lowest acceptable next bid: the first bid may equal the start price; every later one must be
 * at least the current price plus the step of the range the current price falls in.
 */
export function minimumNextBid(
  { currentPriceMinor, startPriceMinor, bidCount }: AuctionPrice,
  table: readonly BidRange[],
): number {
  if (bidCount <= 0) return startPriceMinor;
  return currentPriceMinor + bidStepFor(currentPriceMinor, table);
}

function isWholeCzk(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isRangeShape(entry: unknown): entry is BidRange {
  if (entry === null || typeof entry !== "object") return false;
  const { min, max, value, step } = entry as Record<string, unknown>;
  return isWholeCzk(min) && (max === null || isWholeCzk(max)) && isWholeCzk(value) && isWholeCzk(step);
}

/**
 * Everything wrong with a bid table (e.g. the `bid` setting as stored), [] when it is valid: a
 * non-empty list of whole-CZK ranges starting at 0, each max above its min, each min equal to the
 * previous max (sorted, no gaps, no overlaps), only the last open-ended, positive value and step.
 */
export function validateBidTable(table: unknown): BidTableProblem[] {
  if (!Array.isArray(table)) return [{ index: null, code: "not-a-list", message: "Not a list of ranges" }];
  if (table.length === 0) return [{ index: null, code: "empty", message: "No ranges" }];
  const problems: BidTableProblem[] = [];
  const add = (index: number | null, code: BidTableProblemCode, message: string) =>
    problems.push({ index, code, message });
  table.forEach((entry: unknown, index) => {
    if (!isRangeShape(entry)) {
      add(index, "invalid-entry", "Expected whole non-negative CZK numbers min, max (or null), value, step");
      return;
    }
    if (index === 0 && entry.min !== 0) add(index, "min-not-zero", "The first range must start at 0");
    if (entry.max !== null && entry.max <= entry.min) add(index, "max-not-above-min", "max must exceed min");
    if (entry.value <= 0) add(index, "value-not-positive", "The bid step value must be positive");
    if (entry.step <= 0) add(index, "step-not-positive", "step must be positive");
    const previous: unknown = table[index - 1];
    if (index > 0 && isRangeShape(previous)) {
      if (previous.max === null)
        add(index - 1, "open-range-not-last", "Only the last range may be open-ended");
      else if (entry.min !== previous.max) add(index, "not-contiguous", "min must equal the previous max");
    }
    if (index === table.length - 1 && entry.max !== null)
      add(index, "last-range-closed", "The last range must be open-ended (max null)");
  });
  // In entry order (a contiguity problem is found while looking at the next entry).
  return problems.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
}

/** True when the value is a valid bid table (narrows an unknown setting value). */
export function isBidTable(table: unknown): table is BidRange[] {
  return validateBidTable(table).length === 0;
}
