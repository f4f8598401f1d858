export { catalogApi } from "./catalog.ts";
export { LISTING_IMAGE_UPLOAD_PATH, listingsApi } from "./listings.ts";
export { adminCatalogApi } from "./admin-catalog.ts";
