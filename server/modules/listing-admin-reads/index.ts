/*
 * The back office's reads of the listings (ADR 0142 split them from listing-reads, ADR 0071): the
 * listings table with its filters and one listing's record, a user's listings, the moderation
 * queue's listings and their history. A declared read side like listing-reads
 * (tests/architecture/raw-sql-owners.test.ts): it reads the listings module's and the catalogue's
 * tables and writes none of them.
 */

export {
  type AdminListing,
  type AdminListingRow,
  adminListing,
  createListingAdminReads,
  type ListingFilters,
  listingsPage,
} from "./admin-listing-reads.ts";
export { type AdminUserListing, listingsOfSeller } from "./admin-user-reads.ts";
export {
  type ListingForModeration,
  type ListingInReview,
  listingCountOf,
  listingForModeration,
  listingsInReview,
  recentListingsOf,
} from "./moderation-reads.ts";
