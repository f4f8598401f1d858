/**
 * The `limit` newest listings offered, as the SQL orders them: `sort_at` descending, then the
 * product's id ascending. Kept sorted; an offer older than the last of a full list is refused at once.
 */
export class TopSlots {
  private readonly sortAts: number[] = [];
  private readonly ids: number[] = [];
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  offer(sortAt: number, productId: number): void {
    const length = this.ids.length;
    if (this.limit <= 0) return;
    if (length === this.limit && !this.before(sortAt, productId, length - 1)) return;
    let at = length === this.limit ? length - 1 : length;
    while (at > 0 && this.before(sortAt, productId, at - 1)) {
      this.sortAts[at] = this.sortAts[at - 1];
      this.ids[at] = this.ids[at - 1];
      at--;
    }
    this.sortAts[at] = sortAt;
    this.ids[at] = productId;
  }

  /** Whether an offer of this time could be kept (ties are settled by `offer` with the id). */
  takes(sortAt: number): boolean {
    return this.ids.length < this.limit || sortAt >= this.sortAts[this.ids.length - 1];
  }

  /** Whether (sortAt, id) comes before the entry at `index`. */
  private before(sortAt: number, productId: number, index: number): boolean {
    return sortAt > this.sortAts[index] || (sortAt === this.sortAts[index] && productId < this.ids[index]);
  }

  products(): number[] {
    return [...this.ids];
  }
}
