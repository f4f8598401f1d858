import {
  type MemoryFilter,
  type MemoryGroup,
  type MemoryQuery,
  QueryScratch,
  queryTerms,
  type TermsView,
} from "./terms-query.ts";

export type { MemoryFilter, MemoryGroup, MemoryQuery } from "./terms-query.ts";

/**
 * The live listing terms held in memory (ADR 0129): the rows of `live_listing_terms` (ADR 0107) as
 * a dictionary of terms, each live listing's terms (a forward list) and each term's listings (a
 * posting list), so that a page filtered by attributes is matched and its facets counted by
 * walking arrays instead of drawing samples in PostgreSQL: exactly, at any size of the branch.
 *
 * A listing's change writes a new slot and leaves the old one dead (posting lists only grow);
 * when the dead outnumber the living, every array is written again from the living. Nothing here
 * reads the database: terms-index.ts loads it and keeps it up to date.
 */

/** Category ids are below this (a posting list's key is `term * CATEGORY_SPAN + category`). */
const CATEGORY_SPAN = 1 << 20;

/** One row of live_listing_terms. */
export type TermsRow = {
  productId: number;
  categoryId: number;
  /** `sort_at` (newest first), epoch milliseconds. */
  sortAt: number;
  /** `topped_until`, epoch milliseconds; null when never promoted. */
  toppedUntil: number | null;
  demoted: boolean;
  terms: readonly string[];
};

export type GroupCounts = {
  matched: number;
  /** Per key, per value, the listings that have it. */
  values: Map<string, Map<string, number>>;
  ranges: Map<string, { min: number; max: number }>;
};

export type MemoryAnswer = { groups: GroupCounts[]; newest: { promoted: number[]; others: number[] } };

/** The key of a term: `a:age_years=12` is `age_years`; a brand's `b:3` is `#b`, a package's `#p`, a category's `#c`. */
function splitTerm(term: string): { key: string; value: string } {
  if (term.startsWith("a:")) {
    const equals = term.indexOf("=");
    return { key: term.slice(2, equals), value: term.slice(equals + 1) };
  }
  return { key: `#${term[0]}`, value: term.slice(2) };
}

/** A typed array twice as long (at least `needed`), the old contents copied. */
function grown<T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}

export class TermsMemory {
  // The dictionary: a term's id, its key, value and number (NaN when not a number).
  private readonly termIds = new Map<string, number>();
  private readonly termKeys: string[] = [];
  private readonly termValues: string[] = [];
  private termNumbers = new Float64Array(64);
  /** A key's terms, for its ranges and for reading its counts. */
  private readonly keyTerms = new Map<string, number[]>();
  /**
   * The posting lists, one per term and category (a page walks only its branch's): the slots, in
   * order. `listOf` finds a list by `term * CATEGORY_SPAN + category`.
   */
  private readonly listOf = new Map<number, number>();
  private lists: Int32Array[] = [];
  private listLengths = new Int32Array(64);
  /** Per list its category; per term its lists (a query reads its branch's among them). */
  private listCategories = new Int32Array(64);
  private readonly termLists: number[][] = [];

  // The slots: one per listing version; `alive` 0 once replaced or removed.
  private slots = 0;
  private products = new Int32Array(1024);
  private categories = new Int32Array(1024);
  private sortAts = new Float64Array(1024);
  private toppedUntils = new Float64Array(1024);
  private demoted = new Uint8Array(1024);
  private alive = new Uint8Array(1024);
  /** A slot's terms are the pool's from `starts[slot]` to `starts[slot + 1]`. */
  private starts = new Int32Array(1024);
  /** The slots ever promoted (a query checks their promotion apart). */
  private toppedSlots: number[] = [];
  private readonly scratch = new QueryScratch();
  private pool = new Int32Array(8192);
  private poolLength = 0;
  /** A product's slot plus one (0: none); by id, as ids are dense (a Map was 30 MB at 500 000). */
  private slotOfProduct = new Int32Array(1024);
  private living = 0;

  /** Live listings held. */
  get size(): number {
    return this.living;
  }

  /** Puts a listing's row in (replacing its earlier one), or takes the listing out (`row` null). */
  set(productId: number, row: TermsRow | null): void {
    const previous = this.slotOfProduct[productId] ?? 0;
    if (previous !== 0) {
      this.alive[previous - 1] = 0;
      this.slotOfProduct[productId] = 0;
      this.living--;
    }
    if (row) this.append(row);
    if (this.slots - this.living > Math.max(10_000, this.living)) this.compact();
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.termKeys.length;
    const { key, value } = splitTerm(term);
    this.termIds.set(term, id);
    this.termKeys.push(key);
    this.termValues.push(value);
    this.termNumbers = grown(this.termNumbers, id + 1);
    this.termNumbers[id] = value.trim() === "" ? Number.NaN : Number(value);
    const terms = this.keyTerms.get(key);
    if (terms) terms.push(id);
    else this.keyTerms.set(key, [id]);
    return id;
  }

  private listFor(term: number, categoryId: number): number {
    const key = term * CATEGORY_SPAN + categoryId;
    let list = this.listOf.get(key);
    if (list === undefined) {
      list = this.lists.length;
      this.listOf.set(key, list);
      this.lists.push(new Int32Array(4));
      this.listLengths = grown(this.listLengths, list + 1);
      this.listCategories = grown(this.listCategories, list + 1);
      this.listCategories[list] = categoryId;
      const ofTerm = this.termLists[term];
      if (ofTerm) ofTerm.push(list);
      else this.termLists[term] = [list];
    }
    return list;
  }

  /** The lists of these terms in the categories `inBranch` marks (1 at a category's id). */
  private listsOf(terms: readonly number[], inBranch: Uint8Array): number[] {
    const found: number[] = [];
    for (const term of terms)
      for (const list of this.termLists[term] ?? [])
        if (inBranch[this.listCategories[list]] === 1) found.push(list);
    return found;
  }

  private append(row: TermsRow): void {
    const slot = this.slots++;
    if (slot + 1 >= this.products.length) {
      const needed = slot + 2;
      this.products = grown(this.products, needed);
      this.categories = grown(this.categories, needed);
      this.sortAts = grown(this.sortAts, needed);
      this.toppedUntils = grown(this.toppedUntils, needed);
      this.demoted = grown(this.demoted, needed);
      this.alive = grown(this.alive, needed);
      this.starts = grown(this.starts, needed);
    }
    this.products[slot] = row.productId;
    this.categories[slot] = row.categoryId;
    this.sortAts[slot] = row.sortAt;
    this.toppedUntils[slot] = row.toppedUntil ?? Number.NEGATIVE_INFINITY;
    this.demoted[slot] = row.demoted ? 1 : 0;
    this.alive[slot] = 1;
    this.pool = grown(this.pool, this.poolLength + row.terms.length);
    this.starts[slot] = this.poolLength;
    if (row.toppedUntil !== null) this.toppedSlots.push(slot);
    for (const term of row.terms) {
      const id = this.termId(term);
      this.pool[this.poolLength++] = id;
      const list = this.listFor(id, row.categoryId);
      const length = this.listLengths[list];
      if (length === this.lists[list].length) this.lists[list] = grown(this.lists[list], length + 1);
      this.lists[list][length] = slot;
      this.listLengths[list] = length + 1;
    }
    this.starts[slot + 1] = this.poolLength;
    this.slotOfProduct = grown(this.slotOfProduct, row.productId + 1);
    this.slotOfProduct[row.productId] = slot + 1;
    this.living++;
  }

  /** Every array written again from the living slots, in their order. */
  private compact(): void {
    const rows: TermsRow[] = [];
    for (let slot = 0; slot < this.slots; slot++) if (this.alive[slot] === 1) rows.push(this.rowOf(slot));
    this.slots = 0;
    this.poolLength = 0;
    this.toppedSlots = [];
    this.living = 0;
    this.listLengths.fill(0);
    this.slotOfProduct.fill(0);
    for (const row of rows) this.append(row);
  }

  private rowOf(slot: number): TermsRow {
    const terms: string[] = [];
    for (let i = this.starts[slot]; i < this.starts[slot + 1]; i++) {
      const id = this.pool[i];
      const key = this.termKeys[id];
      terms.push(
        key.startsWith("#") ? `${key[1]}:${this.termValues[id]}` : `a:${key}=${this.termValues[id]}`,
      );
    }
    const topped = this.toppedUntils[slot];
    return {
      productId: this.products[slot],
      categoryId: this.categories[slot],
      sortAt: this.sortAts[slot],
      toppedUntil: topped === Number.NEGATIVE_INFINITY ? null : topped,
      demoted: this.demoted[slot] === 1,
      terms,
    };
  }

  /** A filter's terms, as ids of the dictionary (a range: its key's numbers within it). */
  private filterTerms(filter: MemoryFilter): number[] {
    if ("terms" in filter)
      return filter.terms
        .map((term) => this.termIds.get(term))
        .filter((id): id is number => id !== undefined);
    const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY } = filter;
    return (this.keyTerms.get(filter.key) ?? []).filter((id) => {
      const value = this.termNumbers[id];
      return value >= min && value <= max;
    });
  }

  /** The arrays as a query reads them (terms-query.ts). */
  private view(): TermsView {
    return {
      slots: this.slots,
      alive: this.alive,
      products: this.products,
      sortAts: this.sortAts,
      toppedUntils: this.toppedUntils,
      demoted: this.demoted,
      starts: this.starts,
      toppedSlots: this.toppedSlots,
      scratch: this.scratch,
      pool: this.pool,
      dictionary: this.termKeys.length,
      keyTerms: (key) => this.keyTerms.get(key) ?? [],
      filterTerms: (filter) => this.filterTerms(filter),
      categoryTerms: (categoryIds) =>
        categoryIds.map((id) => this.termIds.get(`c:${id}`)).filter((id) => id !== undefined),
      volume: (terms, inBranch) =>
        this.listsOf(terms, inBranch).reduce((entries, list) => entries + this.listLengths[list], 0),
      postings: (terms, inBranch) =>
        this.listsOf(terms, inBranch).map((list) => ({
          slots: this.lists[list],
          length: this.listLengths[list],
        })),
    };
  }

  /** The groups' counts and the newest matches of every filter (ADR 0129, ADR 0130). */
  query(query: MemoryQuery, tuning: { listingCost?: number } = {}): MemoryAnswer {
    const counted = queryTerms(this.view(), query, tuning.listingCost);
    return {
      groups: query.groups.map((group, g) =>
        this.groupCounts(group, counted.groups[g].countOf, counted.groups[g].matched),
      ),
      newest: counted.newest,
    };
  }

  /**
   * A group's counts over given listings (a search's hits, ADR 0132), and their categories; a
   * listing not held (not live) adds nothing, as it has no live values. Counted in the scratch's
   * array by term: a Map's lookups made it 0.47 ms of a search page's Node time, the array 0.32
   * (the rest is the hits' rows read from memory at random: about 300 ns a hit).
   */
  countProducts(
    productIds: readonly number[],
    group: Pick<MemoryGroup, "keys" | "rangeKeys">,
  ): { counts: GroupCounts; categoryIds: number[] } {
    const counts = this.scratch.counts(this.termKeys.length);
    const categories = new Set<number>();
    for (const productId of productIds) {
      const slot = (this.slotOfProduct[productId] ?? 0) - 1;
      if (slot < 0) continue;
      categories.add(this.categories[slot]);
      for (let i = this.starts[slot]; i < this.starts[slot + 1]; i++) counts[this.pool[i]]++;
    }
    const countOf = (term: number) => counts[term] ?? 0;
    return {
      counts: this.groupCounts({ skip: null, ...group }, countOf, productIds.length),
      categoryIds: [...categories],
    };
  }

  private groupCounts(group: MemoryGroup, countOf: (term: number) => number, matched: number): GroupCounts {
    const values = new Map<string, Map<string, number>>();
    for (const key of group.keys) {
      const counted = new Map<string, number>();
      for (const id of this.keyTerms.get(key) ?? []) {
        const count = countOf(id);
        if (count > 0) counted.set(this.termValues[id], count);
      }
      if (counted.size > 0) values.set(key, counted);
    }
    const ranges = new Map<string, { min: number; max: number }>();
    for (const key of group.rangeKeys) {
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (const id of this.keyTerms.get(key) ?? []) {
        const value = this.termNumbers[id];
        if (countOf(id) === 0 || Number.isNaN(value)) continue;
        if (value < min) min = value;
        if (value > max) max = value;
      }
      if (min <= max) ranges.set(key, { min, max });
    }
    return { matched, values, ranges };
  }
}
