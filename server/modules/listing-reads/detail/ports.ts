/**
 * What the product page asks other modules, wired in server/services.ts: the bidding and users
 * modules build on the listings module, so it names the functions it needs and is handed them
 * (docs/architecture.md, "Modules").
 */

import type { AttributeRow } from "#core/contracts/listing-attributes.ts";
import type { TrustBadges } from "#core/contracts/trust-badges.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { PathCategory } from "#server/modules/catalog/index.ts";

/** The trust checks a page cannot read from the accounts or the rating it already has. */
export type PageChecks = Pick<TrustBadges, "age" | "trader" | "completedDeals">;

/** An account as others may see it (the users module's publicAccounts). */
export type PageAccount = { username: string; verifiedAt: Date | null; createdAt: Date; gone: boolean };

export type ProductPagePorts = {
  /** The auction's bids anyone may see, oldest first (the bidding module's visibleBidsOf). */
  bidsOf(
    productId: number,
  ): Promise<{ id: number; amountMinor: number; at: Date; userId: number; automatic: boolean }[]>;
  /** The public facts of accounts: the seller and the bidders (the users module). */
  accounts(ids: readonly number[]): Promise<ReadonlyMap<number, PageAccount>>;
  /** A seller's average (one decimal) and number of reviews (the reviews module). */
  rating(userId: number): Promise<{ average: number | null; count: number }>;
  /** The age, trader and deals checks of the seller and the bidders (the trust badges, issue 36). */
  checks(ids: readonly number[]): Promise<ReadonlyMap<number, PageChecks>>;
  /**
   * The active categories as kept in memory (the catalogue's `activeCategoryRows`): the product's
   * category path without a statement. Without it, or for a category not among them, the path
   * is read from the database.
   */
  categoryRows?(): Promise<readonly PathCategory[]>;
  /** The listing's structured attributes as its table shows them (the listing-attributes module, issue 37). */
  attributes?(productId: number, categoryId: number, locale: Locale): Promise<AttributeRow[]>;
};
