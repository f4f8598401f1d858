import { createApiRouter } from "#server/http/api/router.ts";
import { actionRoutes } from "./listing-actions.ts";
import { formRoutes, listingRoutes } from "./my-listings.ts";

/**
 * The seller's listings under /api/me/advertisements (the API's word,
 * docs/product/calls-and-errors.md, "The spec's calls"; its statistics route lives in the
 * catalogue's API): form options, my listings, add, edit, cancel, relist, photo upload; and "write
 * to the seller" on a product. Every route works on the caller's own listings: another user's
 * listing answers 404 exactly like a missing one, and nothing of it changes.
 */
export const listingsApi = createApiRouter();

// In this order: /me/advertisements/options before /me/advertisements/{id} (the photo upload,
// /images, is the listing-photos module's router, mounted before this one).
formRoutes(listingsApi);
listingRoutes(listingsApi);
actionRoutes(listingsApi);
