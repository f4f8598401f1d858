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

/** The accounts a product page shows, their checks, and the seller's rating (null without a seller). */
export type PagePeople = {
  accounts: ReadonlyMap<number, PageAccount>;
  checks: ReadonlyMap<number, PageChecks>;
  rating: { average: number | null; count: number } | null;
};

export type ProductPagePorts = {
  /** The auction's bids anyone may see, oldest first (the bidding module's visibleBidsOf). */
  bidsOf(
    productId: number,
  ): Promise<{ id: number; amountMinor: number; at: Date; userId: number; automatic: boolean }[]>;
  /**
   * The seller's and the bidders' public facts (the users module) with their age, trader and
   * deals checks (the trust badges, issue 36), and the rating of `ratedId`, the seller (the
   * reviews module): server/wiring/page-people.ts reads them in one statement.
   */
  people(ids: readonly number[], ratedId: number | null): Promise<PagePeople>;
  /**
   * The active categories as kept in memory (the catalogue's `activeCategoryRows`): the product's
   * category path without a statement. Without it, or for a category not among them, the path
   * is read from the database.
   */
  categoryRows?(): Promise<readonly PathCategory[]>;
  /** The listing's structured attributes as its table shows them (the listing-attributes module, issue 37). */
  attributes?(productId: number, categoryId: number, locale: Locale): Promise<AttributeRow[]>;
};
