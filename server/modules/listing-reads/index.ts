/*
 * The listings' read side (ADR 0071): the read-only queries of the pages: the cards, the category
 * and search pages, the product page and the sitemap, the summaries other modules show, the account
 * pages' reads, the dashboard's figures (the back office's lists are listing-admin-reads'). A
 * declared read side of tests/architecture/raw-sql-owners.test.ts: it reads the listings module's
 * and the catalogue's tables (imported, or named after from and join) but writes none of them.
 */

export {
  type AccountListingReads,
  createAccountListingReads,
  type LinkedListing,
  submittedListingCount,
} from "./account-reads.ts";
export { type AuctionSummary, auctionSummaries } from "./auction-summaries.ts";
export { type ListingMatchFacts, listingMatchFacts } from "./bottling-facts.ts";
export { createListingQueries } from "./browse/listing-queries.ts";
export { type CatalogService, createCatalogService } from "./catalog-service.ts";
export { type ContactTarget, contactItems, contactTarget } from "./contact-reads.ts";
export { type ListingsDashboardFigures, listingsDashboardFigures } from "./dashboard-figures.ts";
export { soldDealsOf } from "./deals.ts";
export type { PagePeople } from "./detail/ports.ts";
export { createProductDetailService } from "./detail/product-detail.ts";
export { type ListingPhoto, listingPhotos } from "./listing-photos.ts";
export { type NewSupply, suppliesLiveBetween } from "./new-supplies.ts";
export { type ProductSummary, productSummaries, productsInStock, summaryName } from "./product-summaries.ts";
export { closingLots, roundsAwaitingSlots, takenSlots } from "./round-slots.ts";
export { type SaleFacts, type SweepCursor, saleFacts, soldAuctionsAfter } from "./sale-facts.ts";
