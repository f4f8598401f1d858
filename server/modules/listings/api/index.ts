export { adminListingsApi } from "./admin-catalog.ts";
export { listingsApi } from "./listings.ts";
