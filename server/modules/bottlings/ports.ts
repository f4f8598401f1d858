import type {
  BottlingReports,
  BottlingResults,
  DescribeAttributes,
  ListingAttributesRead,
} from "#core/contracts/bottlings.ts";
import type { ProductCardData, ProductStatus } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { RecordAudit } from "../admin/index.ts";
import type { Notifier } from "../messages/index.ts";

/*
 * What the bottlings module reads of others and whom it tells (server/wiring/bottlings.ts passes
 * the owners' functions): a listing's facts and cards from the listings' read side, its attributes
 * from the listing attributes module, the results from the archive of results (sale-results).
 */

/** What a bottling is matched and created from, and whom its watchers are not told about. */
export type ListingFact = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  brandId: number | null;
  categoryId: number;
  sellerId: number | null;
  status: ProductStatus;
  /** `demand`: a wanted ad, which offers no bottle (never linked, never announced). */
  type: "supply" | "demand";
};

export type BottlingsPorts = {
  /** The listings of `ids` that exist, by id (through the caller's executor). */
  listingFacts(executor: Db, ids: readonly number[]): Promise<Map<number, ListingFact>>;
  /**
   * The product cards of `ids` in the page's language, newest first, at most `limit` (48); `live`:
   * those on sale now only, else every public one. `matched`: how many of `ids` pass, beyond the
   * `limit` shown (the page's count on sale), read in the same statement.
   */
  listingCards(
    ids: readonly number[],
    locale: Locale,
    live: boolean,
    limit?: number,
  ): Promise<{ cards: ProductCardData[]; matched: number }>;
  /** A listing's attributes (listing-attributes; where not wired, none: matching works from brand, category and name). */
  listingAttributes: ListingAttributesRead;
  /** The attributes' labels (listing-attributes; where not wired, the bottlings' own translations of the shared keys). */
  describeAttributes: DescribeAttributes;
  /** A bottling's results and price points (sale-results; where not wired, none). */
  results: BottlingResults;
  /** Who hears of links and merges (sale-results; where not wired, nobody). */
  reports: BottlingReports;
};

/** What the bottlings' use cases work with. */
export type BottlingsContext = {
  db: Db;
  ports: BottlingsPorts;
  notifier: Pick<Notifier, "notify">;
  recordAudit: RecordAudit;
  now: () => Date;
  logger?: Pick<Logger, "info" | "warn" | "error">;
};
