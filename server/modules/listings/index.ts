export {
  type AccountListingReads,
  createAccountListingReads,
  type ProductSummary,
  runningAuctionsOf,
  submittedListingCount,
} from "./account-reads.ts";
export { createListingQueries } from "./browse/listing-queries.ts";
export { createProductDetailService, maskUsername } from "./detail/product-detail.ts";
export { type Fee, type PromotionFees, promotionFee, readPromotionFees, withDiscount } from "./fees.ts";
export { createListingImageStore, encodeListingImage } from "./images.ts";
export { registerListingJobs } from "./jobs.ts";
export { type CancelUnfinishedListings, createListingsPersonalData } from "./personal-data.ts";
export { refreshSearchText } from "./search/search-index.ts";
export { categoryPathNames, productSearchName, productSearchText, searchText } from "./search/search-text.ts";
export { createListingsService, type MyListing } from "./service.ts";
export { type CatalogService, createCatalogService } from "./taxonomy/catalog-service.ts";
