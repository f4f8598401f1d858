export { listingsApi } from "./listings.ts";
