export { adminCatalogApi } from "./admin-catalog.ts";
export { catalogApi } from "./catalog.ts";
export { LISTING_IMAGE_UPLOAD_PATH, listingsApi } from "./listings.ts";
