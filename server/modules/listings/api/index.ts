export { adminListingsApi } from "./admin-catalog.ts";
export { LISTING_IMAGE_UPLOAD_PATH, listingsApi } from "./listings.ts";
