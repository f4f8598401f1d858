import { TopSlots } from "./top-slots.ts";

/**
 * A query of the live listing terms in memory (ADR 0129, the walk of ADR 0130): each filter as a
 * set of slots (one bit each: 62 KB for 500 000 listings, small enough to stay in the processor's
 * cache), each group's listings as the intersection of its filters' sets, and each group's values
 * counted the cheaper of two ways: through the listings (reading the terms of each one the group
 * holds) or through the values (reading the posting list of each value and testing its slots'
 * bits). The first is about a cache miss a listing, the second a few nanoseconds an entry: a
 * large group counts its one facet through the values, the page's few matches through the listings.
 */

/** A filter: a listing passes when it has one of the terms, or a number of `key` within the range. */
export type MemoryFilter = { terms: readonly string[] } | { key: string; min?: number; max?: number };

/**
 * What a group counts: the listings passing every filter but `skip` (an index into the filters;
 * null for none), and of them the values of `keys` (an attribute's key, `#b` for brands, `#p` for
 * packages) and the least and greatest number of `rangeKeys`.
 */
export type MemoryGroup = { skip: number | null; keys: readonly string[]; rangeKeys: readonly string[] };

export type MemoryQuery = {
  categoryIds: readonly number[];
  filters: readonly MemoryFilter[];
  groups: readonly MemoryGroup[];
  /** The newest `limit` listings passing every filter, promoted now and others apart. */
  newest?: { limit: number; now: number };
};

/** What a query reads of TermsMemory: its arrays as they are (never written here). */
export type TermsView = {
  slots: number;
  alive: Uint8Array;
  products: Int32Array;
  sortAts: Float64Array;
  toppedUntils: Float64Array;
  demoted: Uint8Array;
  /** A slot's terms are `pool[starts[slot]]` up to `pool[starts[slot + 1]]` (the pool is in slot order). */
  starts: Int32Array;
  pool: Int32Array;
  /** The slots ever promoted (`toppedUntils` finite): a query checks these few, not every slot. */
  toppedSlots: readonly number[];
  /** The query's arrays, lent and given back (reused: no garbage a page). */
  scratch: QueryScratch;
  dictionary: number;
  keyTerms(key: string): readonly number[];
  filterTerms(filter: MemoryFilter): number[];
  /** The category ids' own terms (`c:id`). */
  categoryTerms(categoryIds: readonly number[]): number[];
  /** The entries of the posting lists of these terms in the categories `inBranch` marks. */
  volume(terms: readonly number[], inBranch: Uint8Array): number;
  /** The posting lists of these terms in the categories `inBranch` marks, each with its length. */
  postings(terms: readonly number[], inBranch: Uint8Array): { slots: Int32Array; length: number }[];
};

/**
 * A listing read through its terms costs about this many posting entries read through the values
 * (measured at 1 000 000 listings, bench/README.md: a listing's terms are a cache miss away).
 */
const LISTING_COST = 24;

/** Per group, its listings and each term's count among them (until the next query); the newest matches. */
export type TermsCounts = {
  groups: { matched: number; countOf: (term: number) => number }[];
  newest: { promoted: number[]; others: number[] };
};

/** `listingCost` pins the way of counting in tests (0: through the listings; Infinity: through the values). */
export function queryTerms(view: TermsView, query: MemoryQuery, listingCost = LISTING_COST): TermsCounts {
  if (query.filters.length > 30 || query.groups.length > 30) throw new Error("at most 30 filters and groups");
  view.scratch.giveBack();
  const words = (view.slots + 31) >>> 5;
  const { scratch } = view;
  const { categoryIds } = query;
  const inBranch = new Uint8Array(Math.max(0, ...categoryIds) + 1);
  for (const id of categoryIds) inBranch[id] = 1;
  const setOfTerms = (terms: readonly number[]) =>
    setOf(view, scratch.set(words), view.postings(terms, inBranch));
  const filterSets = query.filters.map((filter) => setOfTerms(view.filterTerms(filter)));
  const made = new Map<number | null, Uint32Array>();
  const setWithout = (skip: number | null): Uint32Array => {
    let set = made.get(skip);
    if (set) return set;
    const kept = filterSets.filter((_, index) => index !== skip);
    if (kept.length === 0) set = setOfTerms(view.categoryTerms(categoryIds));
    else set = kept.length === 1 ? kept[0] : intersection(kept, scratch.set(words));
    made.set(skip, set);
    return set;
  };
  const sets = query.groups.map((group) => setWithout(group.skip));
  const groupCount = query.groups.length;
  const counts = scratch.counts(view.dictionary * groupCount);
  const matched = sets.map(count);
  // Each group's terms, and whether it reads them through its listings or through the values.
  const throughListings: number[] = [];
  query.groups.forEach((group, g) => {
    const terms = groupTerms(view, group);
    if (matched[g] * listingCost < view.volume(terms, inBranch)) throughListings.push(g);
    else
      for (const term of terms)
        counts[term * groupCount + g] = countIn(sets[g], view.postings([term], inBranch));
  });
  if (throughListings.length > 0)
    countThroughListings(
      view,
      query.groups,
      sets,
      throughListings,
      counts,
      scratch.interest(view.dictionary),
    );
  const newest = query.newest ? newestOf(view, setWithout(null), query.newest) : null;
  return {
    groups: matched.map((listings, g) => ({
      matched: listings,
      countOf: (term: number) => counts[term * groupCount + g],
    })),
    newest: newest ?? { promoted: [], others: [] },
  };
}

function groupTerms(view: TermsView, group: MemoryGroup): number[] {
  return [...group.keys, ...group.rangeKeys].flatMap((key) => view.keyTerms(key));
}

/** The living slots of these posting lists as a set. */
function setOf(
  view: TermsView,
  set: Uint32Array,
  lists: { slots: Int32Array; length: number }[],
): Uint32Array {
  const { alive } = view;
  for (const { slots, length } of lists)
    for (let p = 0; p < length; p++) {
      const slot = slots[p];
      if (alive[slot] === 1) set[slot >>> 5] |= 1 << (slot & 31);
    }
  return set;
}

function intersection(sets: Uint32Array[], result: Uint32Array): Uint32Array {
  result.set(sets[0]);
  for (let s = 1; s < sets.length; s++) {
    const other = sets[s];
    for (let w = 0; w < result.length; w++) result[w] &= other[w];
  }
  return result;
}

/** The bits set (a population count a word). */
function count(set: Uint32Array): number {
  let total = 0;
  for (let w = 0; w < set.length; w++) {
    let v = set[w];
    if (v === 0) continue;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return total;
}

/** The entries of these posting lists whose slot is in the set. */
function countIn(set: Uint32Array, lists: { slots: Int32Array; length: number }[]): number {
  let total = 0;
  for (const { slots, length } of lists)
    for (let p = 0; p < length; p++) {
      const slot = slots[p];
      total += (set[slot >>> 5] >>> (slot & 31)) & 1;
    }
  return total;
}

/** The groups' counts read through their listings' terms: one pass over the union of their sets. */
function countThroughListings(
  view: TermsView,
  groups: readonly MemoryGroup[],
  sets: Uint32Array[],
  walked: number[],
  counts: Int32Array,
  interest: Uint32Array,
): void {
  const groupCount = groups.length;
  // Per term, the walked groups that count it (a bit each).
  for (const g of walked) for (const term of groupTerms(view, groups[g])) interest[term] |= 1 << g;
  const one = walked.length === 1;
  const union = one
    ? sets[walked[0]]
    : unionOf(
        walked.map((g) => sets[g]),
        view.scratch.set(sets[0].length),
      );
  const { pool, starts } = view;
  for (let w = 0; w < union.length; w++) {
    let bits = union[w];
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const slot = (w << 5) + 31 - Math.clz32(low);
      // The walked groups this listing is in (with one, every listing of the union).
      let member = 0;
      if (one) member = 1 << walked[0];
      else for (const g of walked) if ((sets[g][w] & low) !== 0) member |= 1 << g;
      const end = starts[slot + 1];
      for (let i = starts[slot]; i < end; i++) {
        const term = pool[i];
        let counted = interest[term] & member;
        while (counted !== 0) {
          const g = 31 - Math.clz32(counted);
          counts[term * groupCount + g]++;
          counted &= ~(1 << g);
        }
      }
    }
  }
}

function unionOf(sets: Uint32Array[], result: Uint32Array): Uint32Array {
  result.set(sets[0]);
  for (let s = 1; s < sets.length; s++) for (let w = 0; w < result.length; w++) result[w] |= sets[s][w];
  return result;
}

/**
 * The newest `limit` listings of the set, promoted at `now` and others apart. A listing not
 * promoted costs one read (its time) unless it is among the newest so far: its slot's other
 * arrays are a cache miss each.
 */
function newestOf(
  view: TermsView,
  set: Uint32Array,
  { limit, now }: { limit: number; now: number },
): { promoted: number[]; others: number[] } {
  const promoted = new TopSlots(limit);
  const others = new TopSlots(limit);
  const { toppedUntils, demoted, sortAts, products } = view;
  const topped = view.scratch.set(set.length);
  for (const slot of view.toppedSlots) {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    if ((set[word] & bit) === 0) continue;
    topped[word] |= bit;
    if (toppedUntils[slot] > now && demoted[slot] === 0) promoted.offer(sortAts[slot], products[slot]);
  }
  for (let w = 0; w < set.length; w++) {
    let bits = set[w] & ~topped[w];
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const slot = (w << 5) + 31 - Math.clz32(low);
      const sortAt = sortAts[slot];
      if (others.takes(sortAt)) others.offer(sortAt, products[slot]);
    }
  }
  // Promoted once, not now (or demoted): among the others.
  for (const slot of view.toppedSlots) {
    const word = slot >>> 5;
    if ((topped[word] & (1 << (slot & 31))) === 0) continue;
    if (!(toppedUntils[slot] > now && demoted[slot] === 0)) others.offer(sortAts[slot], products[slot]);
  }
  return { promoted: promoted.products(), others: others.products() };
}

/**
 * The arrays of a query, lent from one query to the next: a page's sets and counts are about half
 * a megabyte at 500 000 listings, and fresh ones each page were garbage for the collector. Queries
 * run one at a time (synchronously), so one scratch a memory is enough.
 */
export class QueryScratch {
  private readonly free: Uint32Array[] = [];
  private readonly lent: Uint32Array[] = [];
  private countsArray = new Int32Array(0);
  private interestArray = new Uint32Array(0);

  /** A set of `words` words, all zero. */
  set(words: number): Uint32Array {
    let buffer = this.free.pop();
    if (!buffer || buffer.length < words) buffer = new Uint32Array(Math.max(words, 1024));
    this.lent.push(buffer);
    const set = buffer.subarray(0, words);
    set.fill(0);
    return set;
  }

  counts(length: number): Int32Array {
    if (this.countsArray.length < length) this.countsArray = new Int32Array(length);
    const counts = this.countsArray.subarray(0, length);
    counts.fill(0);
    return counts;
  }

  interest(length: number): Uint32Array {
    if (this.interestArray.length < length) this.interestArray = new Uint32Array(length);
    const interest = this.interestArray.subarray(0, length);
    interest.fill(0);
    return interest;
  }

  /** Every set lent back (the next query begins). */
  giveBack(): void {
    while (this.lent.length > 0) this.free.push(this.lent.pop() as Uint32Array);
  }
}
